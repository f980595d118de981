// Form screens: what they save through, load from and start with, their widgets, and the routes
// that show them (part of the model builder, generator/model/buildModel.ts).
import type { SpecFile } from '../load/readSpec';
import { checkGuard, collect, fail, type Located, type Raw } from './specContext';
import type { ApiSchema, Entity, FormScreen, FormWidget, Operation, Permission, Route, Screen } from './types';

/**
 * A route showing a form creates: without an :id, a new record; with one, a record prefilled from
 * the one its :id names (a role's duplicate). Editing is a record screen's `edit`.
 */
export function checkFormRoute(at: Located<Raw>, screens: Screen[]): void {
  const form = screens.find((screen) => screen.name === at.value.screen);
  if (form?.kind !== 'form') return;
  if ((at.value.path as string).includes(':id')) {
    if (!form.create || form.prefillFrom === undefined)
      fail(at, `form "${form.name}" needs create with prefill_from to take the record of :id (a record screen's edit edits one)`, [
        'screen',
      ]);
  } else if (!form.create) {
    fail(at, `form "${form.name}" has no create for a route without :id`, ['screen']);
  }
}

/** A form prefilled from a record reads it with a get by {id} answering a schema of the form's entity. */
export function checkPrefillFrom(at: Located<Raw>, id: string, entity: string, operations: Operation[], schemas: ApiSchema[]): string {
  const operation = operations.find((candidate) => candidate.id === id);
  const answered = operation && operation.response !== 'none' && operation.response.kind === 'schema' ? operation.response.name : undefined;
  const fits =
    operation?.method === 'get' &&
    operation.pathParams.length === 1 &&
    operation.pathParams[0]?.name === 'id' &&
    schemas.find((schema) => schema.name === answered)?.entity === entity;
  if (!fits) fail(at, `"${id}" is not a get by {id} answering a schema of "${entity}"`, ['prefill_from']);
  return id;
}

/** Both the field that changes and those it empties are the form's own, and those may be empty (null). */
export function formClears(at: Located<Raw>, raw: Raw, entity?: Entity): Record<string, string[]> {
  const clears = (raw.clears ?? {}) as Record<string, string[]>;
  for (const [field, emptied] of Object.entries(clears)) {
    if (!raw.fields.includes(field)) fail(at, `"${field}" is not one of the form's fields`, ['clears', field]);
    emptied.forEach((name, i) => {
      if (!raw.fields.includes(name) || name === field) fail(at, `"${name}" is not another of the form's fields`, ['clears', field, i]);
      const target = entity?.fields.find((candidate) => candidate.name === name);
      if (target && target.required && !target.nullable)
        fail(at, `"${name}" is required: a change of "${field}" cannot empty it`, ['clears', field, i]);
    });
  }
  return clears;
}

/** Each widget names a field of the form; the organisation choice fits only a ref to organisation. */
export function formWidgets(at: Located<Raw>, raw: Raw, entity: Entity): Record<string, FormWidget> {
  return Object.fromEntries(
    Object.entries((raw.widgets ?? {}) as Record<string, string | Raw>).map(([fieldName, given]) => {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['widgets', fieldName]);
      const { widget, ...options } = typeof given === 'string' ? { widget: given } : given;
      const field = entity.fields.find((candidate) => candidate.name === fieldName)!;
      if (widget === 'organisation' && !(field.type === 'ref' && field.to === 'organisation')) {
        fail(at, `the organisation widget is for a ref to organisation, not "${fieldName}"`, ['widgets', fieldName]);
      }
      if (widget === 'email_check' && !(entity.name === 'user' && field.type === 'email')) {
        fail(at, `the email_check widget is for a user's e-mail address, not "${fieldName}"`, ['widgets', fieldName]);
      }
      if (widget === 'user_timeout' && !(entity.name === 'user' && fieldName === 'timeout')) {
        fail(at, `the user_timeout widget is for a user's timeout, not "${fieldName}"`, ['widgets', fieldName]);
      }
      return [fieldName, Object.keys(options).length > 0 ? { widget, options } : { widget }];
    }),
  );
}

/**
 * A form saves through a create (POST) or update (PUT …/{id}) of its entity: a generic one, or a
 * hand-written one whose body is a schema of the entity (an organisation's create places it in
 * the tree), and the body carries every form field.
 */
export function checkFormOperation(
  at: Located<Raw>,
  raw: Raw,
  kind: 'create' | 'update',
  entity: string,
  operations: Operation[],
  schemas: ApiSchema[],
): string {
  const operation = operations.find((candidate) => candidate.id === raw[kind]);
  const body = schemas.find((schema) => schema.name === operation?.body);
  const fits = operation?.generic
    ? operation.generic.kind === kind && operation.generic.entity === entity
    : operation?.method === (kind === 'create' ? 'post' : 'put') && body?.entity === entity;
  if (!operation || !fits) fail(at, `"${String(raw[kind])}" is not a ${kind} of "${entity}"`, [kind]);
  const missing = (raw.fields as string[]).find((field) => !body?.properties.some((property) => property.name === field));
  if (missing !== undefined) fail(at, `the body of "${operation.id}" has no field "${missing}"`, [kind]);
  return operation.id;
}

/**
 * A form that reads a record (prefill_from) or creates under one (POST /roles/{id}/duplicate)
 * takes that {id} from its route's :id, so every route showing it must have one.
 */
function checkFormRoutes(at: Located<Raw>, screen: FormScreen, routes: Route[], operations: Operation[]): void {
  const createParams = screen.create
    ? operations.find((candidate) => candidate.id === screen.create!.operation)!.pathParams.map((param) => param.name)
    : [];
  const other = createParams.find((name) => name !== 'id');
  if (other !== undefined) fail(at, `the create's path takes {${other}}, which a form cannot give`, ['create']);
  if (createParams.length === 0 && screen.prefillFrom === undefined) return;
  for (const route of routes.filter((candidate) => candidate.screen === screen.name)) {
    if (!route.path.includes(':id'))
      fail(at, `route "${route.name}" shows this form but takes no :id`, [screen.prefillFrom ? 'prefill_from' : 'create']);
  }
}

/** A record screen edits with a form screen that has an update; a created record opens on a route taking its :id. */
export function checkForms(
  files: SpecFile[],
  screens: Screen[],
  routes: Route[],
  permissions: Permission[],
  messages: Record<string, string>,
  operations: Operation[],
): void {
  const located = collect(files, 'screens');
  for (const screen of screens) {
    const at = located.get(screen.name)!;
    if (screen.kind === 'record' && screen.edit) {
      const form = screens.find((candidate) => candidate.name === screen.edit!.form);
      if (form?.kind !== 'form' || !form.update) fail(at, `"${screen.edit.form}" is not a form screen with an update`, ['edit', 'form']);
      checkGuard(at, screen.edit.guard, permissions, ['edit', 'guard']);
    }
    if (screen.kind === 'form') {
      for (const [field, key] of Object.entries(screen.prefill))
        if (messages[key] === undefined) fail(at, `unknown message "${key}"`, ['prefill', field]);
      if (screen.title !== undefined && messages[screen.title] === undefined) fail(at, `unknown message "${screen.title}"`, ['title']);
      for (const [field, guard] of Object.entries(screen.guards)) checkGuard(at, guard, permissions, ['guards', field]);
      checkFormRoutes(at, screen, routes, operations);
    }
    if (screen.kind === 'form' && screen.create) {
      const route = routes.find((candidate) => candidate.name === screen.create!.route);
      if (!route || !route.path.includes(':id')) fail(at, `route "${screen.create.route}" does not take an :id`, ['created_route']);
    }
  }
}
