// List screens: columns, filters and their widgets, trees and detail rows, and links (part of the model
// builder, generator/model/buildModel.ts).
import { propertyAt } from './recordScreenModel';
import { enumValues } from '../emit/jsonSchema';
import { listSort, queryParameters } from './queryParameters';
import { fail, type Located, type Raw } from './specContext';
import type {
  ApiSchema,
  FilterOptionsSource,
  ListColumnDef,
  ListFilterDef,
  ListScreen,
  Model,
  ModelBeforeScreens,
  Property,
  RowCase,
  RowCondition,
  ScreenLink,
} from './types';

export const FORMAT_OF_TYPE: Partial<Record<string, ListColumnDef['format']>> = {
  money: 'money',
  decimal: 'money',
  timestamp: 'datetime',
  date: 'date',
  enum: 'enum',
  boolean: 'boolean',
};

/** A list operation whose rows give a filter its choices: the value and label must be row properties. */
function optionsSource(at: Located<Raw>, partial: ModelBeforeScreens, raw: Raw, path: (string | number)[]): FilterOptionsSource {
  const operation = partial.operations.find((candidate) => candidate.id === raw.operation);
  if (
    !operation ||
    operation.method !== 'get' ||
    operation.response === 'none' ||
    operation.response.kind !== 'array' ||
    operation.pathParams.length > 0
  ) {
    fail(at, `"${raw.operation}" is not a list operation`, [...path, 'operation']);
  }
  const items = operation.response.items;
  const schema = items.kind === 'schema' ? partial.schemas.find((candidate) => candidate.name === items.name) : undefined;
  if (!schema) fail(at, 'the options operation must answer an array of a schema', [...path, 'operation']);
  for (const key of ['value', 'label'] as const) {
    if (!schema.properties.some((candidate) => candidate.name === raw[key]))
      fail(at, `schema "${schema.name}" has no property "${raw[key]}"`, [...path, key]);
  }
  return { path: operation.path, perPage: operation.paged?.perPageMax ?? 0, value: raw.value, label: raw.label };
}

/** The list the runtime's organisation filter reads (runtime/list/useOrganisationOptions.ts). */
const ORGANISATION_PICKER_PATH = '/organisations/picker';

/** Whether a value given in the spec can be sent as this query parameter. */
function fitsParameter(model: Model, property: Property, value: unknown): boolean {
  if (property.type.kind !== 'scalar') return false;
  const scalar = property.type.scalar;
  if (scalar.enumName) return enumValues(model, scalar.enumName).includes(value as string);
  if (scalar.type === 'boolean') return typeof value === 'boolean';
  if (scalar.type === 'integer' || scalar.type === 'id' || scalar.type === 'ref') return Number.isInteger(value);
  return typeof value === 'string';
}

/**
 * A select whose options (an enum's values) each set query parameters, e.g. 002 §7's user status,
 * sent as verified, disabled and password_reset. Its params are every parameter any choice sets,
 * so that changing the choice clears the others.
 */
function buildChoiceFilter(at: Located<Raw>, filter: Raw, i: number, params: Property[], model: Model): ListFilterDef {
  if (filter.widget !== 'select') fail(at, 'choices belong to a select filter', ['filters', i, 'widget']);
  if (!model.enums.some((candidate) => candidate.name === filter.enum)) fail(at, `unknown enum "${filter.enum}"`, ['filters', i, 'enum']);
  const values = enumValues(model, filter.enum);
  const choices = filter.choices as Record<string, Record<string, string | number | boolean>>;
  const names: string[] = [];
  for (const [choice, query] of Object.entries(choices)) {
    if (!values.includes(choice)) fail(at, `"${choice}" is not a value of enum "${filter.enum}"`, ['filters', i, 'choices', choice]);
    for (const [param, value] of Object.entries(query)) {
      const property = params.find((candidate) => candidate.name === param);
      if (!property) fail(at, `operation has no query parameter "${param}"`, ['filters', i, 'choices', choice, param]);
      if (!fitsParameter(model, property, value))
        fail(at, `${JSON.stringify(value)} does not fit query parameter "${param}"`, ['filters', i, 'choices', choice, param]);
      if (!names.includes(param)) names.push(param);
    }
  }
  const def: ListFilterDef = {
    params: names,
    widget: 'select',
    label: filter.label,
    name: filter.name,
    options: Object.keys(choices),
    enum: filter.enum,
    choices,
  };
  if (filter.default !== undefined) def.default = filter.default;
  return def;
}

/** An organisation widget's `where` must be query parameters of the organisation picker it reads. */
function checkOrganisationWhere(at: Located<Raw>, filter: Raw, i: number, model: Model): void {
  if (filter.widget !== 'organisation') fail(at, 'where belongs to an organisation filter', ['filters', i, 'where']);
  const list = model.operations.find((operation) => operation.method === 'get' && operation.path === ORGANISATION_PICKER_PATH);
  if (!list) fail(at, `no GET ${ORGANISATION_PICKER_PATH} operation to narrow`, ['filters', i, 'where']);
  const params = queryParameters(model, list);
  for (const [param, value] of Object.entries(filter.where as Record<string, unknown>)) {
    const property = params.find((candidate) => candidate.name === param);
    if (!property) fail(at, `operation "${list.id}" has no query parameter "${param}"`, ['filters', i, 'where', param]);
    if (!fitsParameter(model, property, value))
      fail(at, `${JSON.stringify(value)} does not fit query parameter "${param}"`, ['filters', i, 'where', param]);
  }
}

/**
 * A row (or record) condition: each property is one of the schema's and a value it can hold;
 * bounds are for integers only (money and decimals arrive as text, compared exactly or not at all).
 */
export function rowConditionOf(
  at: Located<Raw>,
  schema: ApiSchema,
  when: Record<string, unknown>,
  path: (string | number)[],
  partial: ModelBeforeScreens,
): RowCondition {
  for (const [name, value] of Object.entries(when)) {
    const property = schema.properties.find((candidate) => candidate.name === name);
    if (!property) fail(at, `schema "${schema.name}" has no property "${name}"`, [...path, name]);
    const scalar = property.type.kind === 'scalar' ? property.type.scalar : undefined;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        const one =
          item === null ||
          (scalar?.enumName !== undefined
            ? enumValues(partial as Model, scalar.enumName).includes(item as string)
            : scalar !== undefined && scalar.type !== 'boolean');
        if (!one) fail(at, `${JSON.stringify(item)} is not a value of "${name}"`, [...path, name]);
      }
      continue;
    }
    if (value !== null && typeof value === 'object') {
      if (scalar?.type !== 'integer') fail(at, `"${name}" is not an integer and has no bounds`, [...path, name]);
      continue;
    }
    const fits =
      value === null ||
      (scalar?.type === 'boolean' && typeof value === 'boolean') ||
      (scalar?.enumName !== undefined && enumValues(partial as Model, scalar.enumName).includes(value as string)) ||
      (scalar !== undefined && scalar.type !== 'boolean' && !scalar.enumName && typeof value !== 'boolean');
    if (!fits) fail(at, `${JSON.stringify(value)} is not a value of "${name}"`, [...path, name]);
  }
  return when as RowCondition;
}

export function buildListScreen(name: string, at: Located<Raw>, partial: ModelBeforeScreens): ListScreen {
  const raw = at.value;
  const operation = partial.operations.find((candidate) => candidate.id === raw.list);
  if (
    !operation ||
    operation.method !== 'get' ||
    !operation.paged ||
    operation.response === 'none' ||
    operation.response.kind !== 'array'
  ) {
    fail(at, `"${raw.list}" is not a paged list operation`, ['list']);
  }
  const rowType = operation.response.items;
  const schema = rowType.kind === 'schema' ? partial.schemas.find((candidate) => candidate.name === rowType.name) : undefined;
  if (!schema) fail(at, 'the list operation must answer an array of a schema', ['list']);
  const sortable = new Set(listSort(operation).fields);
  const rowCondition = (when: Record<string, unknown>, path: (string | number)[]): RowCondition =>
    rowConditionOf(at, schema, when, path, partial);
  const rowCases = (cases: Raw[] | undefined, path: (string | number)[]): RowCase[] | undefined =>
    cases?.map((rowCase, j) => ({ when: rowCondition(rowCase.when, [...path, j, 'when']), label: rowCase.label }));
  const columns = (raw.columns as Raw[]).map((column, i): ListColumnDef => {
    if (column.toggle) fail(at, "toggle belongs to a record tab's columns", ['columns', i, 'toggle']);
    if (column.component) return componentColumn(column);
    const warnings = rowCases(column.warnings, ['columns', i, 'warnings']);
    if (column.cases) {
      const def: ListColumnDef = {
        field: column.name,
        label: column.label,
        format: 'text',
        sortable: false,
        cases: rowCases(column.cases, ['columns', i, 'cases'])!,
      };
      if (column.otherwise) def.otherwise = column.otherwise;
      if (warnings) def.warnings = warnings;
      if (column.link) def.link = column.link;
      if (column.link_param) def.linkParam = column.link_param;
      if (column.guard) def.guard = column.guard;
      return def;
    }
    const property = schema.properties.find((candidate) => candidate.name === column.field);
    if (!property) fail(at, `schema "${schema.name}" has no property "${column.field}"`, ['columns', i, 'field']);
    const type = property.type.kind === 'scalar' ? property.type.scalar.type : property.type.kind;
    const def: ListColumnDef = {
      field: column.field,
      label: column.label,
      format: column.format ?? FORMAT_OF_TYPE[type] ?? 'text',
      sortable: sortable.has(column.field),
    };
    if (column.link) def.link = column.link;
    if (column.link_param) {
      // A property, or a dotted path into one (a reference's id: `order.id`).
      if (!propertyAt(partial.schemas, schema, column.link_param))
        fail(at, `schema "${schema.name}" has no property "${column.link_param}"`, ['columns', i, 'link_param']);
      def.linkParam = column.link_param;
    }
    if (column.fallback) {
      if (!schema.properties.some((candidate) => candidate.name === column.fallback))
        fail(at, `schema "${schema.name}" has no property "${column.fallback}"`, ['columns', i, 'fallback']);
      def.fallback = column.fallback;
    }
    if (column.currency) {
      if (def.format !== 'money') fail(at, 'currency is for money columns', ['columns', i, 'currency']);
      def.currency = column.currency;
    }
    if (property.type.kind === 'scalar' && property.type.scalar.enumName) def.enum = property.type.scalar.enumName;
    if (warnings) def.warnings = warnings;
    if (column.guard) def.guard = column.guard;
    return def;
  });
  const params = queryParameters(partial as Model, operation);
  const filters = ((raw.filters ?? []) as Raw[]).map((filter, i): ListFilterDef => {
    if (filter.choices) return buildChoiceFilter(at, filter, i, params, partial as Model);
    if (filter.where) checkOrganisationWhere(at, filter, i, partial as Model);
    const names: string[] = filter.params ?? [filter.param];
    const found = names.map((param) => {
      const property = params.find((candidate) => candidate.name === param);
      if (!property) fail(at, `operation "${operation.id}" has no query parameter "${param}"`, ['filters', i]);
      return property;
    });
    const def: ListFilterDef = { params: names, widget: filter.widget, label: filter.label };
    const first = found[0]!.type;
    const scalar =
      first.kind === 'array' && first.items.kind === 'scalar' ? first.items.scalar : first.kind === 'scalar' ? first.scalar : undefined;
    if ((filter.widget === 'checklist' || filter.widget === 'select') && scalar?.enumName) {
      def.options = enumValues(partial as Model, scalar.enumName);
      def.enum = scalar.enumName;
    }
    if (filter.options_from) {
      if (filter.widget !== 'checklist' && filter.widget !== 'select')
        fail(at, 'options_from is for checklist and select filters', ['filters', i, 'options_from']);
      def.optionsFrom = optionsSource(at, partial, filter.options_from, ['filters', i, 'options_from']);
      delete def.options;
      delete def.enum;
    } else if ((filter.widget === 'checklist' || filter.widget === 'select') && !def.options) {
      fail(at, `a ${filter.widget} filter needs an enum parameter or options_from`, ['filters', i]);
    }
    if (filter.default !== undefined) def.default = filter.default;
    if (filter.guard) def.guard = filter.guard;
    if (filter.descendants) {
      if (filter.widget !== 'organisation') fail(at, 'descendants is for organisation filters', ['filters', i, 'descendants']);
      def.descendants = true;
    }
    if (filter.presets) {
      for (const [flag, value] of Object.entries(filter.presets as Record<string, unknown>)) {
        const values = Array.isArray(value) ? value : [value];
        if (def.options && values.some((one) => !def.options!.includes(one as string | number)))
          fail(at, `preset "${flag}" is not among the filter's options`, ['filters', i, 'presets', flag]);
      }
      def.presets = filter.presets;
    }
    if (filter.where) def.where = filter.where;
    if (filter.others !== undefined) {
      const flag = found[1]?.type;
      if (filter.widget !== 'organisation' || flag?.kind !== 'scalar' || flag.scalar.type !== 'boolean') {
        fail(at, 'others belongs to an organisation filter whose second parameter is a boolean', ['filters', i, 'others']);
      }
      def.others = filter.others;
    } else if (filter.widget === 'organisation' && names.length > 1)
      fail(at, 'an organisation filter over two parameters needs others', ['filters', i]);
    return def;
  });
  const screen: ListScreen = {
    kind: 'list',
    name,
    operation: operation.id,
    columns,
    filters,
    debounceMs: raw.debounce_ms ?? 500,
    pageSizes: raw.page_sizes ?? [24, 48, 96],
    links: screenLinks(raw),
    // Filled once routes and messages are known (actionModel.ts).
    actions: [],
  };
  if (raw.title) screen.title = raw.title;
  if (raw.empty) screen.emptyKey = raw.empty;
  if (raw.selection) screen.selection = raw.selection;
  if (raw.tree) {
    const property = schema.properties.find((candidate) => candidate.name === raw.tree);
    if (!property || property.type.kind !== 'schema')
      fail(at, `"${raw.tree}" must be a property of the row that shows an organisation`, ['tree']);
    screen.tree = raw.tree;
  }
  if (raw.tree_ancestors !== undefined) {
    if (!raw.tree) fail(at, 'tree_ancestors needs tree', ['tree_ancestors']);
    if (raw.tree_ancestors) screen.treeAncestors = true;
  }
  if (raw.tree_parent) {
    if (raw.tree) fail(at, 'a list is a tree of organisations (tree) or of its own rows (tree_parent), not both', ['tree_parent']);
    const property = schema.properties.find((candidate) => candidate.name === raw.tree_parent);
    const scalar = property?.type.kind === 'scalar' ? property.type.scalar : undefined;
    if (!scalar || !['ref', 'integer', 'id'].includes(scalar.type))
      fail(at, `"${raw.tree_parent}" must be a property of the row holding its parent row's id`, ['tree_parent']);
    if (!schema.properties.some((candidate) => candidate.name === 'id'))
      fail(at, `schema "${schema.name}" needs an id to nest rows`, ['tree_parent']);
    screen.treeParent = raw.tree_parent;
  }
  if (raw.detail_rows) {
    if (raw.tree || raw.tree_parent) fail(at, 'detail rows nest under plain rows, not under a tree', ['detail_rows']);
    screen.detailRows = raw.detail_rows;
  }
  return screen;
}

/** A hand-written cell: the component draws it from the row (never sortable: it has no field). */
export function componentColumn(column: Raw): ListColumnDef {
  return {
    field: column.name,
    label: column.label,
    format: 'text',
    sortable: false,
    component: column.component,
    ...(column.guard && { guard: column.guard }),
  };
}

export const screenLinks = (raw: Raw): ScreenLink[] =>
  ((raw.links ?? []) as Raw[]).map((link) => ({
    label: link.label,
    ...(link.route && { route: link.route }),
    ...(link.href && { href: link.href }),
    place: link.place ?? 'header',
    ...(link.guard && { guard: link.guard }),
    ...(link.min_rows !== undefined && { minRows: link.min_rows }),
  }));
