// The header menu (spec `menu`): its entries and groups, checked against the routes, messages and
// permissions (part of the model builder, generator/model/buildModel.ts). Every problem is
// collected, so one run names them all.
import { SpecError, SpecErrors, type SpecFile } from '../load/readSpec';
import { checkGuard, keep, specError, type Located, type Raw } from './specContext';
import type { Guard, MenuEntry, MenuItem, Permission, Route } from './types';

interface MenuContext {
  routes: Route[];
  permissions: Permission[];
  messages: Record<string, string>;
  errors: SpecError[];
}

function checkLabel(at: Located<Raw>, key: string, path: (string | number)[], context: MenuContext): void {
  if (context.messages[key] === undefined) context.errors.push(specError(at, `unknown message "${key}"`, path));
}

/**
 * What a route entry needs: a route that exists, is for signed-in users (the menu is theirs), shows
 * a screen (a redirect has a route of its own to name) and takes no parameter (nothing fills it).
 */
function routeProblem(name: string, routes: Route[]): string | undefined {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) return `unknown route "${name}"`;
  if (route.public) return `route "${name}" is public; the menu is for signed-in users`;
  if (route.redirect) return `route "${name}" redirects to "${route.redirect}"; name that route instead`;
  const parameter = /:(\w+)|\*/.exec(route.path);
  if (parameter) return `route "${name}" takes ${parameter[1] ? `:${parameter[1]}` : '*'}, which a menu entry cannot give`;
  return undefined;
}

function menuEntry(at: Located<Raw>, raw: Raw, path: (string | number)[], context: MenuContext): MenuEntry {
  checkLabel(at, raw.label, [...path, 'label'], context);
  if (raw.route !== undefined) {
    const problem = routeProblem(raw.route, context.routes);
    if (problem) context.errors.push(specError(at, problem, [...path, 'route']));
  }
  keep(context.errors, () => checkGuard(at, raw.guard as Guard | undefined, context.permissions, [...path, 'guard']));
  return {
    kind: 'entry',
    label: raw.label,
    ...(raw.route !== undefined && { route: raw.route as string }),
    ...(raw.href !== undefined && { href: raw.href as string }),
    ...(raw.guard !== undefined && { guard: raw.guard as Guard }),
  };
}

/** The menu of the one file that has one; an empty menu when none does. Throws every problem found at once. */
export function buildMenu(files: SpecFile[], routes: Route[], permissions: Permission[], messages: Record<string, string>): MenuItem[] {
  const defining = files.filter((file) => file.data['menu'] !== undefined);
  const [file, ...others] = defining;
  if (!file) return [];
  const at: Located<Raw> = { value: file.data['menu'], file, path: ['menu'] };
  const context: MenuContext = { routes, permissions, messages, errors: [] };
  for (const other of others)
    context.errors.push(
      specError({ value: other.data['menu'], file: other, path: ['menu'] }, `the menu is already defined in ${file.file}`),
    );
  const groupNames = new Set<string>();
  const menu = (at.value as Raw[]).map((raw, i): MenuItem => {
    if (raw.group === undefined) return menuEntry(at, raw, [i], context);
    if (groupNames.has(raw.group)) context.errors.push(specError(at, `group "${raw.group}" is defined twice`, [i, 'group']));
    groupNames.add(raw.group);
    checkLabel(at, raw.label, [i, 'label'], context);
    const entries = (raw.entries as Raw[]).map((entry, j) => menuEntry(at, entry, [i, 'entries', j], context));
    return { kind: 'group', name: raw.group, label: raw.label, entries };
  });
  const [first, ...rest] = context.errors;
  if (first) throw new SpecErrors([first, ...rest]);
  return menu;
}
