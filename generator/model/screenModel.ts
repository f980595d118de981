// Routes and screens of the spec, and the checks between them: references and links.
import type { SpecFile } from '../load/readSpec';
import type { ScreenLink, Crumb, Entity, Guard, ModelBeforeScreens, Permission, Route, FormScreen, Screen } from './types';
import { checkGuard, collect, fail, type Located, type Raw } from './specContext';
import { checkFormOperation, checkFormRoute, checkPrefillFrom, formClears, formWidgets } from './formScreens';
import { buildListScreen } from './listScreenModel';
import { buildChildrenScreen, buildRecordScreen } from './recordScreenModel';

export function buildRoutes(files: SpecFile[], screens: Screen[], permissions: Permission[], messages: Record<string, string>): Route[] {
  const located: Located<Raw>[] = files.flatMap((file) =>
    ((file.data['routes'] as Raw[] | undefined) ?? []).map((value, i) => ({ value, file, path: ['routes', i] })),
  );
  const names = new Set<string>();
  for (const at of located) {
    if (names.has(at.value.name)) fail(at, `route "${at.value.name}" is defined twice`, ['name']);
    names.add(at.value.name);
  }
  return located.map((at) => {
    const raw = at.value;
    if (!raw.screen === !raw.redirect) fail(at, 'a route needs exactly one of screen and redirect');
    if (raw.screen && !screens.some((screen) => screen.name === raw.screen)) fail(at, `unknown screen "${raw.screen}"`, ['screen']);
    checkFormRoute(at, screens);
    if (raw.redirect && !names.has(raw.redirect)) fail(at, `unknown route "${raw.redirect}"`, ['redirect']);
    checkGuard(at, raw.guard as Guard | undefined, permissions, ['guard']);
    const breadcrumbs: Crumb[] = (raw.breadcrumbs ?? []).map((crumb: Raw, i: number) => {
      if (crumb.route && !names.has(crumb.route)) fail(at, `unknown route "${crumb.route}"`, ['breadcrumbs', i, 'route']);
      if (crumb.label && messages[crumb.label] === undefined) fail(at, `unknown message "${crumb.label}"`, ['breadcrumbs', i, 'label']);
      if (!crumb.label && !crumb.param && !crumb.lookup) fail(at, 'a crumb needs a label, a param or a lookup', ['breadcrumbs', i]);
      return crumb as Crumb;
    });
    const route: Route = { name: raw.name, path: raw.path, public: raw.public === true, breadcrumbs };
    if (raw.guard) route.guard = raw.guard;
    if (raw.redirect) route.redirect = raw.redirect;
    if (raw.screen) route.screen = raw.screen;
    return route;
  });
}

export function buildScreens(files: SpecFile[], entities: Entity[], partial: ModelBeforeScreens): Screen[] {
  return [...collect(files, 'screens').entries()].map(([name, at]): Screen => {
    const raw = at.value;
    if (raw.links && !raw.list && !raw.record && !raw.children) fail(at, 'links belong to list, record and child-list screens', ['links']);
    // Only a list screen counts its rows.
    ((raw.links ?? []) as Raw[]).forEach((link, i) => {
      if (link.min_rows !== undefined && !raw.list) fail(at, 'min_rows belongs to the links of list screens', ['links', i, 'min_rows']);
    });
    if (raw.component) {
      const [file = '', exportName = ''] = (raw.component as string).split('#');
      return { kind: 'component', name, file, exportName };
    }
    if (raw.list) return buildListScreen(name, at, partial);
    if (raw.sections) return { kind: 'page', name, sections: raw.sections, ...(raw.title && { title: raw.title }) };
    if (raw.record) return buildRecordScreen(name, at, partial);
    if (raw.children) return buildChildrenScreen(name, at, partial);
    if (raw.tabs) fail(at, 'tabs belong to record screens', ['tabs']);
    if (raw.title_values) fail(at, 'title_values belong to record screens', ['title_values']);
    const entity = entities.find((candidate) => candidate.name === raw.form);
    if (!entity) fail(at, `unknown entity "${raw.form}"`, ['form']);
    (raw.fields as string[]).forEach((fieldName, i) => {
      if (!entity.fields.some((field) => field.name === fieldName))
        fail(at, `entity "${entity.name}" has no field "${fieldName}"`, ['fields', i]);
    });
    const widgets = formWidgets(at, raw, entity);
    const form: FormScreen = {
      kind: 'form',
      name,
      entity: entity.name,
      fields: raw.fields,
      widgets,
      labels: raw.labels ?? name,
      prefill: raw.prefill ?? {},
      required: raw.required ?? [],
      guards: raw.guards ?? {},
      ...(raw.title && { title: raw.title }),
      clears: {},
      ...(raw.success && { success: raw.success }),
      ...(raw.failure && { failure: raw.failure }),
    };
    for (const fieldName of Object.keys(form.prefill)) {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['prefill', fieldName]);
    }
    form.required.forEach((fieldName, i) => {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['required', i]);
    });
    for (const fieldName of Object.keys(form.guards)) {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['guards', fieldName]);
    }
    if (raw.prefill_from !== undefined)
      form.prefillFrom = checkPrefillFrom(at, raw.prefill_from, entity.name, partial.operations, partial.schemas);
    if ((raw.create === undefined) !== (raw.created_route === undefined)) fail(at, 'create and created_route go together', ['create']);
    if (raw.create !== undefined)
      form.create = {
        operation: checkFormOperation(at, raw, 'create', entity.name, partial.operations, partial.schemas),
        route: raw.created_route,
      };
    if (raw.update !== undefined) form.update = checkFormOperation(at, raw, 'update', entity.name, partial.operations, partial.schemas);
    form.clears = formClears(at, raw, entity);
    return form;
  });
}

/** Labels, links and guards of list screens must name messages, routes and permissions that exist. */
export function checkScreenReferences(
  files: SpecFile[],
  screens: Screen[],
  routes: Route[],
  permissions: Permission[],
  messages: Record<string, string>,
): void {
  const located = collect(files, 'screens');
  const routeNames = new Set(routes.map((route) => route.name));
  for (const screen of screens) {
    const at = located.get(screen.name)!;
    const label = (key: string | undefined, path: (string | number)[]) => {
      if (key !== undefined && messages[key] === undefined) fail(at, `unknown message "${key}"`, path);
    };
    label(
      screen.kind === 'list' || screen.kind === 'record' || screen.kind === 'page' || screen.kind === 'children' ? screen.title : undefined,
      ['title'],
    );
    if (screen.kind === 'form') screen.fields.forEach((field, i) => label(`${screen.labels}.${field}`, ['fields', i]));
    if (screen.kind === 'record') {
      for (const placeholder of Object.keys(screen.titleValues ?? {})) {
        const text = screen.title === undefined ? undefined : messages[screen.title];
        if (text !== undefined && !text.includes(`{{${placeholder}}}`))
          fail(at, `message "${screen.title}" has no {{${placeholder}}}`, ['title_values', placeholder]);
      }
      if (screen.tabs.length > 0) label('record.definition', ['tabs']);
      screen.tabs.forEach((tab, i) => {
        label(tab.label, ['tabs', i, 'label']);
        label(tab.empty, ['tabs', i, 'empty']);
        tab.columns.forEach((column, j) => {
          label(column.label, ['tabs', i, 'columns', j, 'label']);
          if (column.link && !routeNames.has(column.link)) fail(at, `unknown route "${column.link}"`, ['tabs', i, 'columns', j, 'link']);
        });
      });
    }
    if (screen.kind === 'record' || screen.kind === 'children') checkLinks(at, screen.links, routes, permissions, label, true);
    if (screen.kind === 'children') {
      label(screen.empty, ['empty']);
      screen.columns.forEach((column, i) => {
        label(column.label, ['columns', i, 'label']);
        if (column.link && !routeNames.has(column.link)) fail(at, `unknown route "${column.link}"`, ['columns', i, 'link']);
      });
    }
    if (screen.kind === 'page') {
      screen.sections.forEach((section, i) => {
        const target = screens.find((candidate) => candidate.name === section);
        if (target?.kind !== 'list') fail(at, `"${section}" is not a list screen`, ['sections', i]);
      });
    }
    if (screen.kind !== 'list') continue;
    label(screen.emptyKey, ['empty']);
    screen.columns.forEach((column, i) => {
      label(column.label, ['columns', i, 'label']);
      column.cases?.forEach((rowCase, j) => label(rowCase.label, ['columns', i, 'cases', j, 'label']));
      label(column.otherwise, ['columns', i, 'otherwise']);
      column.warnings?.forEach((rowCase, j) => label(rowCase.label, ['columns', i, 'warnings', j, 'label']));
      if (column.link && !routeNames.has(column.link)) fail(at, `unknown route "${column.link}"`, ['columns', i, 'link']);
      checkGuard(at, column.guard, permissions, ['columns', i, 'guard']);
    });
    screen.filters.forEach((filter, i) => {
      label(filter.label, ['filters', i, 'label']);
      if (filter.guard?.permission && !permissions.some((p) => p.name === filter.guard!.permission))
        fail(at, `unknown permission "${filter.guard.permission}"`, ['filters', i, 'guard']);
    });
    checkLinks(at, screen.links, routes, permissions, label, false);
  }
}

/**
 * A screen's links name routes that exist and permissions in their guards; on a record's screens
 * (`withId`) a route link passes the record's id, so its route may take no parameter but `:id`,
 * and an href may hold no placeholder but `{id}`; elsewhere neither takes any.
 */
function checkLinks(
  at: Located<Raw>,
  links: ScreenLink[],
  routes: Route[],
  permissions: Permission[],
  label: (key: string | undefined, path: (string | number)[]) => void,
  withId: boolean,
): void {
  const allowed = withId ? ['id'] : [];
  links.forEach((link, i) => {
    label(link.label, ['links', i, 'label']);
    if (link.route !== undefined) {
      const route = routes.find((candidate) => candidate.name === link.route);
      if (!route) fail(at, `unknown route "${link.route}"`, ['links', i, 'route']);
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const missing = params.find((param) => !allowed.includes(param));
      if (missing) fail(at, `route "${route.name}" takes :${missing}, which this screen cannot give`, ['links', i, 'route']);
    }
    if (link.href !== undefined) {
      const placeholder = [...link.href.matchAll(/\{(\w*)\}/g)].map((match) => match[1]!).find((name) => !allowed.includes(name));
      if (placeholder !== undefined) fail(at, `{${placeholder}} cannot be filled on this screen`, ['links', i, 'href']);
    }
    checkGuard(at, link.guard, permissions, ['links', i, 'guard']);
  });
}
