import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../generated/apiSchemas';
import { operations } from '../../generated/operations';
import type { GenericMeta } from '../../http/operationDef';
import { organisationGetMeta, roleGetMeta, roleListMeta, roleTemplateListMeta } from './listMeta';

/** The hand-written generic descriptions must answer exactly the spec's schemas and query parameters. */
const CASES: [string, GenericMeta, string, string][] = [
  ['roles', roleListMeta, 'RoleRow', 'listRoles'],
  ['role templates', roleTemplateListMeta, 'RoleRow', 'listRoleTemplates'],
  ['role', roleGetMeta, 'Role', 'getRole'],
  ['organisation', organisationGetMeta, 'Organisation', 'getOrganisation'],
];

const definitions = apiSchemas.definitions as Record<string, { properties: Record<string, unknown> }>;

describe('back-office list descriptions', () => {
  it.each(CASES)('%s answer the properties of their schema', (_name, meta, schema) => {
    const properties = [...meta.fields, ...meta.expand.map((expansion) => expansion.property)].sort();
    expect(properties).toEqual(Object.keys(definitions[schema]!.properties).sort());
  });

  it.each(CASES)('%s filter and sort by the query parameters of their operation', (_name, meta, _schema, operationId) => {
    const operation = operations.find((candidate) => candidate.id === operationId)!;
    const query = (operation.querySchema as { properties?: Record<string, { enum?: string[] }> }).properties ?? {};
    // `template` is fixed by its handlers, never taken from the caller.
    for (const filter of meta.filters.filter((candidate) => candidate.param !== 'template')) expect(Object.keys(query)).toContain(filter.param);
    const sortValues = query['sort_by']?.enum ?? [];
    expect(new Set(sortValues.map((value) => value.slice(1)))).toEqual(meta.kind === 'list' ? new Set(meta.sort) : new Set());
  });
});
