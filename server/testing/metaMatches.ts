import { expect } from 'vitest';
import { apiSchemas } from '../generated/apiSchemas';
import { operations } from '../generated/operations';
import type { GenericMeta } from '../http/operationDef';

const definitions = apiSchemas.definitions as Record<string, { properties: Record<string, unknown> }>;

/**
 * A hand-written generic description (a handler's meta the spec cannot say) must answer exactly
 * the properties of its schema and filter and sort by the query parameters of its operation.
 * `fixed` names filters the handler sets itself, never the caller.
 */
export function expectMetaMatches(meta: GenericMeta, schema: string, operationId: string, fixed: string[] = []): void {
  const properties = [...meta.fields, ...meta.expand.map((expansion) => expansion.property)].sort();
  expect(properties).toEqual(Object.keys(definitions[schema]!.properties).sort());
  const operation = operations.find((candidate) => candidate.id === operationId)!;
  const query = (operation.querySchema as { properties?: Record<string, { enum?: string[] }> }).properties ?? {};
  for (const filter of meta.filters.filter((candidate) => !fixed.includes(candidate.param)))
    expect(Object.keys(query)).toContain(filter.param);
  const sortValues = query['sort_by']?.enum ?? [];
  expect(new Set(sortValues.map((value) => value.slice(1)))).toEqual(meta.kind === 'list' ? new Set(meta.sort) : new Set());
}
