import type { GenericMeta } from '../../reads/genericMeta';

/**
 * The generic list and get descriptions behind back-office handlers whose rule the spec cannot
 * say: templates apart from roles, a role read that also opens templates, a user's actions once
 * the user is in scope. They mirror spec/api/backoffice.yaml (schemas RoleRow and Role;
 * roleMeta.test.ts checks), and the handlers run them through the generic list machinery.
 */

const organisationRef = {
  property: 'organisation',
  via: 'organisation',
  entity: 'organisation',
  fields: ['id', 'name', 'depth', 'parent'],
};

/** `template` is fixed by each handler: roles and role templates are separate lists (002 §2.7). */
export const roleListMeta: GenericMeta = {
  kind: 'list',
  entity: 'role',
  fields: ['id', 'name', 'template'],
  expand: [organisationRef],
  sort: ['name'],
  filters: [
    { param: 'text', match: 'search', fields: ['name'] },
    { param: 'organisation', match: 'subtree', fields: ['organisation'] },
    { param: 'template', match: 'eq', fields: ['template'] },
  ],
  scope: { kind: 'tree', field: 'organisation' },
};

/** Templates belong to the supplier and are offered to every new organisation: no tree scope. */
export const roleTemplateListMeta: GenericMeta = {
  kind: roleListMeta.kind,
  entity: roleListMeta.entity,
  fields: roleListMeta.fields,
  expand: roleListMeta.expand,
  sort: roleListMeta.sort,
  filters: roleListMeta.filters,
};

/** One role as its page shows it (schema Role); the handler decides whether the subtree scope applies. */
export const roleGetMeta: GenericMeta = {
  kind: 'get',
  entity: 'role',
  fields: ['id', 'name', 'template', 'created_at', 'updated_at'],
  expand: [organisationRef, { property: 'created_by', via: 'created_by', entity: 'user', fields: ['id', 'name'] }],
  sort: [],
  filters: [],
  scope: { kind: 'tree', field: 'organisation' },
};
