// Actions of list rows, record screens and record tab rows, and the checkbox toggles of record tabs
// (spec `actions`, `toggle`), checked against the operations, routes, messages and permissions,
// plus the alerts of forms and component tabs (part of the model builder, buildModel.ts). Every
// problem is collected, so one run names them all.
import { SpecErrors, type SpecError, type SpecFile } from '../load/readSpec';
import { rowConditionOf } from './listScreenModel';
import { propertyAt, recordSchemaOf, rowSchemaOf } from './recordScreenModel';
import { checkGuard, collect, keep, specError, type Located, type Raw } from './specContext';
import type {
  ActionCall,
  ActionConfirm,
  ApiSchema,
  CellToggle,
  Guard,
  ModelBeforeScreens,
  Operation,
  ParamSource,
  Permission,
  Route,
  Screen,
  ScreenAction,
} from './types';

interface References {
  routes: Route[];
  permissions: Permission[];
  /** The English catalogue. */
  messages: Record<string, string>;
}

/**
 * What an action acts on: a list row (`row`), a record (`record`), or a row of a record's tab
 * (`tabRow`). `schema` holds the properties its conditions, params and placeholders name; a
 * record's {id} fills an operation under `recordPath`, a row's id one under its own get's path.
 */
interface Subject {
  kind: 'row' | 'record' | 'tabRow';
  schema: ApiSchema;
  recordPath?: string;
  /** A tab row's record: its properties fill the placeholders the row has not (a group's name when removing a product). */
  recordSchema?: ApiSchema;
}

/** The schemas whose properties fill an action's placeholders: the row's, then its record's. */
const placeholderSchemas = (subject: Subject): ApiSchema[] => [subject.schema, ...(subject.recordSchema ? [subject.recordSchema] : [])];

interface Checker {
  at: Located<Raw>;
  partial: ModelBeforeScreens;
  refs: References;
  errors: SpecError[];
}

function report(checker: Checker, path: (string | number)[], reason: string): void {
  checker.errors.push(specError(checker.at, reason, path));
}

/** `/feeds/{id}/disable` lies under `/feeds/{id}`, and so does the path itself. */
const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The paths of the gets of one record of an entity (`/feeds/{id}`), by which a row's id reaches its writes. */
function recordGetPaths(partial: ModelBeforeScreens, entity: string | undefined): string[] {
  if (entity === undefined) return [];
  return partial.operations
    .filter(
      (operation) =>
        operation.method === 'get' && !operation.paged && operation.pathParams.length === 1 && operation.pathParams[0]?.name === 'id',
    )
    .filter(
      (operation) =>
        operation.response !== 'none' &&
        operation.response.kind === 'schema' &&
        recordSchemaOf(operation, partial.schemas)?.entity === entity,
    )
    .map((operation) => operation.path);
}

/** A message key exists; its {{placeholders}} are properties of the schemas given, or fields of a form (names). */
function checkMessage(checker: Checker, key: string | undefined, path: (string | number)[], placeholders?: ApiSchema[] | string[]): void {
  if (key === undefined) return;
  const text = checker.refs.messages[key];
  if (text === undefined) return report(checker, path, `unknown message "${key}"`);
  if (!placeholders) return;
  const schemas = placeholders.filter((item): item is ApiSchema => typeof item !== 'string');
  const names =
    schemas.length > 0 ? schemas.flatMap((schema) => schema.properties.map((property) => property.name)) : (placeholders as string[]);
  const owner = schemas.length > 0 ? `schema "${schemas.map((schema) => schema.name).join('" or "')}" has not` : 'the form has not';
  for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
    if (!names.includes(name!)) report(checker, path, `message "${key}" names {{${name}}}, which ${owner}`);
  }
}

/** The operation an action or toggle calls, its path parameters filled from the record's id, the row's id, or `params`. */
function actionCall(
  checker: Checker,
  subject: Subject,
  id: string,
  given: Record<string, string> | undefined,
  path: (string | number)[],
): { call: ActionCall; operation: Operation } | undefined {
  const operation = checker.partial.operations.find((candidate) => candidate.id === id);
  if (!operation) return void report(checker, path, `unknown operation "${id}"`);
  if (operation.method === 'get') return void report(checker, path, `"${id}" is a GET; an action writes`);
  const params: Record<string, ParamSource> = {};
  const rowGets = subject.kind === 'record' ? [] : recordGetPaths(checker.partial, subject.schema.entity);
  for (const param of operation.pathParams.map((candidate) => candidate.name)) {
    const field = given?.[param];
    if (param === 'id') {
      if (subject.recordPath !== undefined && under(operation.path, subject.recordPath)) params['id'] = { from: 'record' };
      else if (rowGets.some((base) => under(operation.path, base))) params['id'] = { from: 'row', field: 'id' };
      else
        report(
          checker,
          path,
          `the path ${operation.path} of "${id}" does not lie under ${[subject.recordPath, ...rowGets].filter(Boolean).join(' or ') || 'a get of the row'}`,
        );
    } else if (field === undefined) {
      report(checker, path, `"${id}" takes {${param}}: name the property that fills it in params`);
    } else params[param] = { from: 'row', field };
  }
  if (!operation.pathParams.some((param) => param.name === 'id'))
    report(checker, path, `the path ${operation.path} of "${id}" has no {id} of the record or row`);
  return { call: { operation: id, method: operation.method, path: operation.path, params, body: operation.body !== undefined }, operation };
}

/** Each property `params` names fills a path parameter of one of the calls and is a property of the subject. */
function checkParams(
  checker: Checker,
  subject: Subject,
  given: Record<string, string> | undefined,
  calls: (Operation | undefined)[],
  path: (string | number)[],
): void {
  for (const [param, field] of Object.entries(given ?? {})) {
    if (param === 'id') report(checker, [...path, param], "{id} is the record's or the row's own; params fill the others");
    else if (!calls.some((operation) => operation?.pathParams.some((candidate) => candidate.name === param)))
      report(checker, [...path, param], `no operation here takes {${param}}`);
    if (!propertyAt(checker.partial.schemas, subject.schema, field))
      report(checker, [...path, param], `schema "${subject.schema.name}" has no property "${field}"`);
  }
}

/** Who may call an operation, as the guards a button showing it must pass. */
function operationGuards(operation: Operation | undefined): Guard[] {
  if (!operation) return [];
  return [...(operation.permission ? [{ permission: operation.permission }] : []), ...(operation.guard ? [operation.guard] : [])];
}

const bodySchemaOf = (checker: Checker, operation: Operation): ApiSchema | undefined =>
  checker.partial.schemas.find((schema) => schema.name === operation.body);

/** A body's required properties must all be sent (`sent`); an operation without a body takes nothing. */
function checkBody(checker: Checker, operation: Operation, sent: string[], path: (string | number)[]): void {
  const body = bodySchemaOf(checker, operation);
  if (!body) {
    if (sent.length > 0) report(checker, path, `"${operation.id}" takes no body`);
    return;
  }
  for (const name of sent)
    if (!body.properties.some((property) => property.name === name))
      report(checker, path, `the body of "${operation.id}" has no property "${name}"`);
  for (const property of body.properties) {
    if (property.required && !sent.includes(property.name))
      report(checker, path, `"${operation.id}" needs "${property.name}" in its body, which is not sent`);
  }
}

function buildConfirm(
  checker: Checker,
  raw: Raw,
  operation: Operation | undefined,
  subject: Subject,
  path: (string | number)[],
): ActionConfirm {
  const confirm: ActionConfirm = typeof raw === 'string' ? { text: raw } : { text: raw.text };
  checkMessage(checker, confirm.text, typeof raw === 'string' ? path : [...path, 'text'], placeholderSchemas(subject));
  if (typeof raw === 'string' || !raw.input) return confirm;
  const input = raw.input as Raw;
  checkMessage(checker, input.label, [...path, 'input', 'label']);
  const property = operation && bodySchemaOf(checker, operation)?.properties.find((candidate) => candidate.name === input.field);
  const scalar = property?.type.kind === 'scalar' ? property.type.scalar : undefined;
  if (operation && (!scalar || !['string', 'text'].includes(scalar.type)))
    report(checker, [...path, 'input', 'field'], `the body of "${operation.id}" has no text property "${input.field}"`);
  if (input.max !== undefined && scalar?.max !== undefined && input.max > scalar.max)
    report(checker, [...path, 'input', 'max'], `"${input.field}" holds at most ${scalar.max} characters`);
  // A body property the operation requires must be stated: the modal's Proceed waits for it.
  confirm.input = {
    field: input.field,
    label: input.label,
    ...(input.max !== undefined && { max: input.max }),
    ...(property?.required && { required: true }),
  };
  return confirm;
}

/** A route an action opens: it exists and takes no parameter but those given (`:id` for a row's route action). */
function checkRoute(checker: Checker, name: string, allowed: string[], path: (string | number)[]): void {
  const route = checker.refs.routes.find((candidate) => candidate.name === name);
  if (!route) return report(checker, path, `unknown route "${name}"`);
  const taken = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!).find((param) => !allowed.includes(param));
  if (taken) report(checker, path, `route "${name}" takes :${taken}, which an action cannot give`);
}

function buildAction(checker: Checker, raw: Raw, subject: Subject, path: (string | number)[]): ScreenAction {
  const action: ScreenAction = { name: raw.name, guards: [] };
  if (raw.label !== undefined) action.label = raw.label;
  checkMessage(checker, raw.label, [...path, 'label']);
  if (raw.when)
    keep(checker.errors, () => (action.when = rowConditionOf(checker.at, subject.schema, raw.when, [...path, 'when'], checker.partial)));
  if (raw.when_not_self) {
    const entity = subject.schema.entity;
    if (entity === 'user' || entity === 'organisation') action.notSelf = entity;
    else
      report(
        checker,
        [...path, 'when_not_self'],
        `schema "${subject.schema.name}" shows neither users nor organisations, so it is never the caller's own`,
      );
  }
  if (raw.when_not_own) {
    const property = subject.schema.properties.find((candidate) => candidate.name === raw.when_not_own);
    if (property?.type.kind === 'schema' && property.type.name === 'OrganisationRef') action.notOwn = raw.when_not_own;
    else
      report(checker, [...path, 'when_not_own'], `"${String(raw.when_not_own)}" is not an organisation of schema "${subject.schema.name}"`);
  }
  keep(checker.errors, () => checkGuard(checker.at, raw.guard as Guard | undefined, checker.refs.permissions, [...path, 'guard']));
  if (raw.grant_reaches) {
    const property = subject.schema.properties.find((candidate) => candidate.name === raw.grant_reaches);
    if (property?.type.kind === 'schema' && property.type.name === 'OrganisationRef') action.grantReaches = raw.grant_reaches;
    else
      report(
        checker,
        [...path, 'grant_reaches'],
        `"${String(raw.grant_reaches)}" is not an organisation of schema "${subject.schema.name}"`,
      );
  }
  let operation: Operation | undefined;
  if (raw.operation) {
    const built = actionCall(checker, subject, raw.operation, raw.params, [...path, 'operation']);
    operation = built?.operation;
    if (built) action.call = built.call;
    checkParams(checker, subject, raw.params, [operation], [...path, 'params']);
    if (raw.confirm !== undefined) action.confirm = buildConfirm(checker, raw.confirm, operation, subject, [...path, 'confirm']);
    if (operation) checkBody(checker, operation, action.confirm?.input ? [action.confirm.input.field] : [], [...path, 'operation']);
    checkMessage(checker, raw.success, [...path, 'success'], placeholderSchemas(subject));
    checkMessage(checker, raw.failure, [...path, 'failure'], placeholderSchemas(subject));
    action.success = raw.success;
    action.failure = raw.failure;
    if (raw.then) {
      // `id: answer`: the route's :id is the id the operation answers (the order an accepted quote became).
      checkRoute(checker, raw.then.route, raw.then.id === 'answer' ? ['id'] : [], [...path, 'then', 'route']);
      action.then = {
        route: raw.then.route,
        ...(raw.then.reload_user && { reloadUser: true as const }),
        ...(raw.then.id === 'answer' && { answerId: true as const }),
      };
    }
  }
  if (raw.route) {
    checkRoute(checker, raw.route, ['id'], [...path, 'route']);
    action.route = raw.route;
    if (subject.kind === 'tabRow' || subject.kind === 'row') {
      if (!subject.schema.properties.some((property) => property.name === 'id'))
        report(checker, [...path, 'route'], `schema "${subject.schema.name}" has no id to open the route with`);
    }
  }
  if (raw.component) action.component = raw.component;
  action.guards = [...(raw.guard ? [raw.guard as Guard] : []), ...operationGuards(operation)];
  if (action.grantReaches !== undefined && !action.guards.some((guard) => guard.permission !== undefined)) {
    report(checker, [...path, 'grant_reaches'], 'the action needs no permission, so no grant has to reach the record');
  }
  return action;
}

function buildActions(checker: Checker, raws: Raw[] | undefined, subject: Subject, path: (string | number)[]): ScreenAction[] {
  const names = new Set<string>();
  return (raws ?? []).map((raw, i) => {
    if (names.has(raw.name)) report(checker, [...path, i, 'name'], `action "${raw.name}" is defined twice`);
    names.add(raw.name);
    return buildAction(checker, raw, subject, [...path, i]);
  });
}

/** A checkbox over a boolean row property whose writes lie under the tab's record (its {id}). */
function buildToggle(
  checker: Checker,
  raw: Raw,
  column: Raw,
  subject: Subject,
  recordSchema: ApiSchema,
  path: (string | number)[],
): CellToggle | undefined {
  const property = subject.schema.properties.find((candidate) => candidate.name === column.field);
  if (property?.type.kind !== 'scalar' || property.type.scalar.type !== 'boolean')
    report(checker, [...path.slice(0, -1), 'field'], `a toggle shows a boolean property of the row, and "${column.field}" is not one`);
  const on = actionCall(checker, subject, raw.on, raw.params, [...path, 'on']);
  const off = actionCall(checker, subject, raw.off, raw.params, [...path, 'off']);
  for (const [key, built] of [
    ['on', on],
    ['off', off],
  ] as const) {
    if (built && built.call.params['id']?.from !== 'record')
      report(checker, [...path, key], `a toggle changes its record: "${built.operation.id}" must lie under ${subject.recordPath ?? ''}`);
  }
  checkParams(checker, subject, raw.params, [on?.operation, off?.operation], [...path, 'params']);
  const body = (raw.body ?? {}) as Record<string, string>;
  for (const [name, field] of Object.entries(body)) {
    if (!propertyAt(checker.partial.schemas, subject.schema, field))
      report(checker, [...path, 'body', name], `schema "${subject.schema.name}" has no property "${field}"`);
  }
  if (on) checkBody(checker, on.operation, Object.keys(body), [...path, 'body']);
  if (off) checkBody(checker, off.operation, [], [...path, 'off']);
  // A toggle changes the record (its products, its related groups): its alerts name the record.
  checkMessage(checker, raw.success, [...path, 'success'], [recordSchema]);
  checkMessage(checker, raw.failure, [...path, 'failure'], [recordSchema]);
  if (!on || !off) return undefined;
  const guards = [...operationGuards(on.operation), ...operationGuards(off.operation)];
  const unique = guards.filter((guard, i) => guards.findIndex((other) => JSON.stringify(other) === JSON.stringify(guard)) === i);
  return { on: on.call, off: off.call, body, guards: unique, success: raw.success, failure: raw.failure };
}

function addRecordActions(checker: Checker, screen: Extract<Screen, { kind: 'record' }>): void {
  const raw = checker.at.value;
  const record = checker.partial.operations.find((operation) => operation.id === screen.operation)!;
  const recordSchema = recordSchemaOf(record, checker.partial.schemas);
  screen.actions = buildActions(checker, raw.actions, { kind: 'record', schema: recordSchema, recordPath: record.path }, ['actions']);
  screen.tabs.forEach((tab, i) => {
    const rawTab = (raw.tabs as Raw[])[i]!;
    keep(checker.errors, () => checkGuard(checker.at, tab.guard, checker.refs.permissions, ['tabs', i, 'guard']));
    checkMessage(checker, tab.success, ['tabs', i, 'success'], [recordSchema]);
    checkMessage(checker, tab.failure, ['tabs', i, 'failure'], [recordSchema]);
    if (!tab.operation) return;
    const rows = rowSchemaOf(
      checker.partial.operations.find((operation) => operation.id === tab.operation)!,
      checker.partial.schemas,
    )!;
    const subject: Subject = { kind: 'tabRow', schema: rows, recordPath: record.path, recordSchema };
    tab.actions = buildActions(checker, rawTab.actions, subject, ['tabs', i, 'actions']);
    (rawTab.columns as Raw[]).forEach((column, j) => {
      keep(checker.errors, () =>
        checkGuard(checker.at, column.guard as Guard | undefined, checker.refs.permissions, ['tabs', i, 'columns', j, 'guard']),
      );
      if (!column.toggle) return;
      const toggle = buildToggle(checker, column.toggle, column, subject, recordSchema, ['tabs', i, 'columns', j, 'toggle']);
      if (toggle) tab.columns[j]!.toggle = toggle;
    });
  });
}

/**
 * Builds the actions of every list and record screen (and their tabs' rows and toggles) and checks
 * the alerts of forms and component tabs; throws every problem found at once.
 */
export function addScreenActions(files: SpecFile[], screens: Screen[], partial: ModelBeforeScreens, refs: References): void {
  const located = collect(files, 'screens');
  const errors: SpecError[] = [];
  for (const screen of screens) {
    const checker: Checker = { at: located.get(screen.name)!, partial, refs, errors };
    const raw = checker.at.value;
    if (raw.actions && screen.kind !== 'list' && screen.kind !== 'record')
      report(checker, ['actions'], 'actions belong to list and record screens');
    if ((raw.success || raw.failure) && screen.kind !== 'form')
      report(checker, [raw.success ? 'success' : 'failure'], 'success and failure belong to form screens');
    if (screen.kind === 'list') {
      const list = partial.operations.find((operation) => operation.id === screen.operation)!;
      screen.actions = buildActions(checker, raw.actions, { kind: 'row', schema: rowSchemaOf(list, partial.schemas)! }, ['actions']);
    } else if (screen.kind === 'record') {
      addRecordActions(checker, screen);
    } else if (screen.kind === 'form') {
      const fields = partial.entities.find((entity) => entity.name === screen.entity)!.fields.map((field) => field.name);
      checkMessage(checker, screen.success, ['success'], fields);
      checkMessage(checker, screen.failure, ['failure'], fields);
    }
  }
  const [first, ...rest] = errors;
  if (first) throw new SpecErrors([first, ...rest]);
}
