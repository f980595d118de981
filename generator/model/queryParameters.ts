import type { GenericFilter, Model, Operation, Property, Scalar } from './types';

/** Far past any real page, yet small enough that page × per_page stays an exact database offset. */
export const PAGE_MAX = 1_000_000;

function pagingParameters(operation: Operation): Property[] {
  if (!operation.paged) return [];
  return [
    {
      name: 'page',
      type: { kind: 'scalar', scalar: { type: 'integer', min: 1, max: PAGE_MAX } },
      required: false,
      nullable: false,
      default: 1,
    },
    {
      name: 'per_page',
      type: { kind: 'scalar', scalar: { type: 'integer', min: 1, max: operation.paged.perPageMax } },
      required: false,
      nullable: false,
      default: operation.paged.perPageDefault,
    },
  ];
}

function filterParameter(model: Model, operation: Operation, filter: GenericFilter): Property {
  if (filter.match === 'has') {
    return {
      name: filter.param,
      required: false,
      nullable: false,
      type: { kind: 'scalar', scalar: { type: 'boolean' } },
      description: `Has ${filter.has!.entity} rows (true) or none (false)`,
    };
  }
  const entity = model.entities.find((candidate) => candidate.name === operation.generic!.entity)!;
  const field = entity.fields.find((candidate) => candidate.name === filter.fields[0])!;
  const scalar: Scalar =
    field.type === 'id' || field.type === 'ref'
      ? { type: 'integer', min: 1 }
      : { ...field, type: field.type === 'enum_list' ? 'enum' : field.type };
  const base = { name: filter.param, required: false, nullable: false };
  switch (filter.match) {
    case 'search':
      return {
        ...base,
        type: { kind: 'scalar', scalar: { type: 'string', max: 255 } },
        description: `Contains, in ${filter.fields.join(', ')}`,
      };
    case 'in':
      return { ...base, type: { kind: 'array', items: { kind: 'scalar', scalar } }, description: `${field.name} is one of` };
    case 'subtree':
      return {
        ...base,
        type: { kind: 'scalar', scalar: { type: 'integer', min: 1 } },
        description: `${field.name} is this organisation or below it`,
      };
    case 'gte':
    case 'lte': {
      // Dates filter whole days: gte from the start of the day, lte to its end (UTC).
      const bound: Scalar = field.type === 'timestamp' ? { type: 'date' as Scalar['type'] } : scalar;
      return {
        ...base,
        type: { kind: 'scalar', scalar: bound },
        description: `${field.name} ${filter.match === 'gte' ? 'at least' : 'at most'}`,
      };
    }
    case 'eq':
      return { ...base, type: { kind: 'scalar', scalar }, description: `${field.name} equals` };
    case 'not_own':
      return {
        ...base,
        type: { kind: 'scalar', scalar: { type: 'boolean' } },
        description: `true: ${field.name} is not the caller's own organisation`,
      };
    case 'set':
      return {
        ...base,
        type: { kind: 'scalar', scalar: { type: 'boolean' } },
        description: `${field.name} has a value (true) or is empty (false)`,
      };
  }
}

/** Query parameters as the server validates them: paging, sort, generic filters, then the operation's own. */
export function queryParameters(model: Model, operation: Operation): Property[] {
  // A child list sorts like a list when it names sort fields; its rows are filtered by the parent alone.
  const children = operation.generic?.kind === 'children' && operation.generic.sort.length > 0 ? operation.generic : undefined;
  const generic = operation.generic?.kind === 'list' ? operation.generic : undefined;
  const sorted = generic ?? children;
  const sort: Property[] = sorted
    ? [
        {
          name: 'sort_by',
          type: {
            kind: 'scalar',
            scalar: { type: 'enum', enumName: `inline:${JSON.stringify(sorted.sort.flatMap((f) => [`+${f}`, `-${f}`]))}` },
          },
          required: false,
          nullable: false,
          default: sorted.defaultSort,
        },
      ]
    : [];
  const filters = generic ? generic.filters.map((filter) => filterParameter(model, operation, filter)) : [];
  return [...pagingParameters(operation), ...sort, ...filters, ...operation.query];
}

/**
 * The sort options of a list: a generic list's, or those a hand-written list declares as the
 * `+field` / `-field` values of its own sort_by enum parameter (with its default).
 */
export function listSort(operation: Operation): { fields: string[]; defaultSort: string } {
  if (operation.generic?.kind === 'list' || operation.generic?.kind === 'children')
    return { fields: operation.generic.sort, defaultSort: operation.generic.defaultSort };
  const sortBy = operation.query.find((property) => property.name === 'sort_by');
  const enumName = sortBy?.type.kind === 'scalar' ? sortBy.type.scalar.enumName : undefined;
  const values: unknown[] = enumName?.startsWith('inline:') ? JSON.parse(enumName.slice('inline:'.length)) : [];
  const fields = [
    ...new Set(values.filter((value): value is string => typeof value === 'string' && /^[+-]/.test(value)).map((value) => value.slice(1))),
  ];
  return { fields, defaultSort: typeof sortBy?.default === 'string' ? sortBy.default : '+id' };
}
