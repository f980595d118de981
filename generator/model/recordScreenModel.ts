// Record screens, their tabs (child lists or hand-written components) and child-list screens
// (part of the model builder, generator/model/buildModel.ts). Actions and toggles are added once
// routes and messages are known (actionModel.ts).
import { componentColumn, FORMAT_OF_TYPE, rowConditionOf, screenLinks } from './listScreenModel';
import { fail, type Located, type Raw } from './specContext';
import type {
  ApiSchema,
  ChildrenScreen,
  Guard,
  ListColumnDef,
  ModelBeforeScreens,
  Operation,
  Property,
  RecordScreen,
  RecordTab,
  TitleValue,
} from './types';

/** The property a dotted path names, walking into schema-typed properties (`account_manager.account_manager_name`). */
export function propertyAt(schemas: ApiSchema[], schema: ApiSchema, path: string): Property | undefined {
  const [head = '', ...rest] = path.split('.');
  const property = schema.properties.find((candidate) => candidate.name === head);
  if (!property || rest.length === 0) return property;
  if (property.type.kind !== 'schema') return undefined;
  const inner = schemas.find((candidate) => candidate.name === (property.type as { name: string }).name);
  return inner ? propertyAt(schemas, inner, rest.join('.')) : undefined;
}

/** The schema of the rows an operation answers (an array of a schema), if it answers one. */
export function rowSchemaOf(operation: Operation, schemas: ApiSchema[]): ApiSchema | undefined {
  const rowType = operation.response !== 'none' && operation.response.kind === 'array' ? operation.response.items : undefined;
  return rowType?.kind === 'schema' ? schemas.find((candidate) => candidate.name === rowType.name) : undefined;
}

/** The schema of the record a get-by-id answers. */
export function recordSchemaOf(operation: Operation, schemas: ApiSchema[]): ApiSchema {
  return schemas.find(
    (candidate) => operation.response !== 'none' && operation.response.kind === 'schema' && candidate.name === operation.response.name,
  )!;
}

/**
 * The columns of a child list's rows: `field` may be a dotted path into a nested schema. A toggle
 * (a record tab's only) is checked and built with the actions (actionModel.ts).
 */
function childColumns(
  raw: Raw,
  operation: Operation,
  at: Located<Raw>,
  listPath: (string | number)[],
  partial: ModelBeforeScreens,
  inTab: boolean,
): ListColumnDef[] {
  const schema = rowSchemaOf(operation, partial.schemas);
  if (!schema) fail(at, `"${operation.id}" must answer an array of a schema`, listPath);
  return (raw.columns as Raw[]).map((column, i): ListColumnDef => {
    if (column.toggle && !inTab) fail(at, "toggle belongs to a record tab's columns", ['columns', i, 'toggle']);
    if (column.component) return componentColumn(column);
    if (column.cases) fail(at, 'cases are for list screens', ['columns', i, 'cases']);
    const property = propertyAt(partial.schemas, schema, column.field);
    if (!property) fail(at, `schema "${schema.name}" has no property "${column.field}"`, ['columns', i, 'field']);
    if (column.link_param && !propertyAt(partial.schemas, schema, column.link_param))
      fail(at, `schema "${schema.name}" has no property "${column.link_param}"`, ['columns', i, 'link_param']);
    const type = property.type.kind === 'scalar' ? property.type.scalar.type : property.type.kind;
    const def: ListColumnDef = {
      field: column.field,
      label: column.label,
      format: column.format ?? FORMAT_OF_TYPE[type] ?? 'text',
      sortable: false,
    };
    if (column.link) def.link = column.link;
    if (column.link_param) def.linkParam = column.link_param;
    if (property.type.kind === 'scalar' && property.type.scalar.enumName) def.enum = property.type.scalar.enumName;
    if (column.guard) def.guard = column.guard as Guard;
    return def;
  });
}

/** A tab: a child list under the record's path, or a hand-written component; `when` is a condition on the record. */
function buildRecordTab(raw: Raw, record: Operation, at: Located<Raw>, partial: ModelBeforeScreens): RecordTab {
  const shown = {
    label: raw.label as string,
    ...(raw.when && { when: rowConditionOf(at, recordSchemaOf(record, partial.schemas), raw.when, ['when'], partial) }),
  };
  if (raw.component) {
    return {
      ...shown,
      component: raw.component,
      columns: [],
      actions: [],
      ...(raw.success && { success: raw.success }),
      ...(raw.failure && { failure: raw.failure }),
    };
  }
  const operation = partial.operations.find((candidate) => candidate.id === raw.list);
  if (!operation || operation.method !== 'get' || !operation.path.startsWith(`${record.path}/`) || operation.pathParams.length !== 1) {
    fail(at, `"${raw.list}" is not a get under ${record.path}/`, ['list']);
  }
  // The tab shows to those its list lets in.
  const guard = operation.guard ?? {};
  if (operation.response === 'none' || operation.response.kind !== 'array' || operation.response.items.kind !== 'schema') {
    fail(at, 'the tab operation must answer an array of a schema', ['list']);
  }
  const columns = childColumns(raw, operation, at, ['list'], partial, true);
  return {
    ...shown,
    operation: operation.id,
    ...(Object.keys(guard).length > 0 && { guard }),
    columns,
    actions: [],
    ...(raw.empty && { empty: raw.empty }),
  };
}

/** A child list on its own page: a get with one path parameter (the record's id) answering rows. */
export function buildChildrenScreen(name: string, at: Located<Raw>, partial: ModelBeforeScreens): ChildrenScreen {
  const raw = at.value;
  const operation = partial.operations.find((candidate) => candidate.id === raw.children);
  if (!operation || operation.method !== 'get' || operation.pathParams.length !== 1 || operation.pathParams[0]?.name !== 'id') {
    fail(at, `"${raw.children}" is not a get with one {id} in its path`, ['children']);
  }
  const columns = childColumns(raw, operation, at, ['children'], partial, false);
  return {
    kind: 'children',
    name,
    operation: operation.id,
    ...(raw.title && { title: raw.title }),
    columns,
    ...(raw.empty && { empty: raw.empty }),
    links: screenLinks(raw),
  };
}

/** A record title's placeholders name top-level properties of the record (and their fallbacks); the title needs them. */
function recordTitleValues(at: Located<Raw>, operation: Operation, partial: ModelBeforeScreens): Record<string, TitleValue> | undefined {
  const raw = at.value;
  if (raw.title_values === undefined) return undefined;
  if (!raw.title) fail(at, 'title_values need a title', ['title_values']);
  const name = (operation.response as { name: string }).name;
  const schema = partial.schemas.find((candidate) => candidate.name === name)!;
  const values: Record<string, TitleValue> = {};
  for (const [placeholder, value] of Object.entries(raw.title_values as Record<string, Raw>)) {
    for (const key of ['field', 'fallback'] as const) {
      if (value[key] !== undefined && !schema.properties.some((property) => property.name === value[key])) {
        fail(at, `schema "${name}" has no property "${value[key]}"`, ['title_values', placeholder, key]);
      }
    }
    values[placeholder] = { field: value.field, ...(value.fallback && { fallback: value.fallback }) };
  }
  return values;
}

/** A read-only view of one record from its get-by-id, with its tabs, links, edit form and redirect. */
export function buildRecordScreen(name: string, at: Located<Raw>, partial: ModelBeforeScreens): RecordScreen {
  const raw = at.value;
  const operation = partial.operations.find((candidate) => candidate.id === raw.record);
  if (
    !operation ||
    operation.method !== 'get' ||
    operation.pathParams.length !== 1 ||
    operation.response === 'none' ||
    operation.response.kind !== 'schema'
  ) {
    fail(at, `"${raw.record}" is not a get-by-id operation answering a schema`, ['record']);
  }
  if (raw.view_tabs === true && raw.view === undefined) fail(at, 'view_tabs needs a view', ['view_tabs']);
  const tabs = ((raw.tabs ?? []) as Raw[]).map((tab, i) =>
    buildRecordTab(tab, operation, { ...at, path: [...at.path, 'tabs', i] }, partial),
  );
  const titleValues = recordTitleValues(at, operation, partial);
  return {
    kind: 'record',
    name,
    operation: operation.id,
    ...(raw.title && { title: raw.title }),
    ...(titleValues && { titleValues }),
    tabs,
    links: screenLinks(raw),
    ...(raw.edit && { edit: { form: raw.edit.form, guard: raw.edit.guard as Guard } }),
    ...(raw.view && { view: raw.view as string }),
    ...(raw.view_tabs === true && { viewTabs: true }),
    actions: [],
  };
}
