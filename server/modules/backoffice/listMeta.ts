import type { GenericMeta } from '../../http/operationDef';

/**
 * The generic list and get descriptions behind back-office handlers: templates apart from roles,
 * a role read that also opens templates, and the product group and feed lists (their access is
 * the operations' spec `guard`). They mirror spec/api/backoffice.yaml (schemas RoleRow, Role,
 * ProductGroup, FeedRow, Feed; listMeta.test.ts checks), and the handlers run them through the
 * generic list machinery.
 */

const organisationRef = { property: 'organisation', via: 'organisation', entity: 'organisation', fields: ['id', 'name', 'depth', 'parent'] };

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

const productGroupFields = ['id', 'name', 'description', 'detailed_description', 'status', 'subscription_type', 'subscription_product_type', 'grading'];

export const productGroupListMeta: GenericMeta = {
  kind: 'list',
  entity: 'product_group',
  fields: productGroupFields,
  expand: [],
  sort: ['name', 'status', 'subscription_type', 'subscription_product_type', 'grading'],
  filters: [
    { param: 'text', match: 'search', fields: ['name', 'description'] },
    { param: 'subscription_type', match: 'in', fields: ['subscription_type'] },
    { param: 'subscription_product_type', match: 'in', fields: ['subscription_product_type'] },
    { param: 'status', match: 'in', fields: ['status'] },
    { param: 'grading_from', match: 'gte', fields: ['grading'] },
    { param: 'grading_to', match: 'lte', fields: ['grading'] },
  ],
};

export const productGroupGetMeta: GenericMeta = { ...productGroupListMeta, kind: 'get', filters: [] };

export const feedListMeta: GenericMeta = {
  kind: 'list',
  entity: 'feed',
  fields: ['id', 'name', 'active', 'delivery_method', 'timeslot', 'last_upload', 'sitc_confirm'],
  expand: [organisationRef],
  sort: ['name'],
  filters: [
    { param: 'name', match: 'search', fields: ['name'] },
    { param: 'organisation', match: 'subtree', fields: ['organisation'] },
  ],
  scope: { kind: 'tree', field: 'organisation' },
};

export const feedGetMeta: GenericMeta = {
  ...feedListMeta,
  kind: 'get',
  fields: ['id', 'name', 'active', 'timeslot', 'show_empty_stock', 'last_upload', 'delivery_method', 'delivery_email',
    'delivery_server', 'delivery_user', 'ftp_server_protocol', 'ftp_server_port', 'filename', 'sitc_confirm', 'sitc_filename',
    'columns', 'show_headers', 'delimiter', 'escape_method'],
  filters: [],
};

/** A user's actions; the handler fixes `user` to the path's id once the user is in scope. */
export const userActionListMeta: GenericMeta = {
  kind: 'list',
  entity: 'user_action',
  fields: ['id', 'timestamp', 'ip_address', 'action', 'on'],
  expand: [{ property: 'on_behalf', via: 'on_behalf', entity: 'user', fields: ['id', 'name'] }],
  sort: ['timestamp'],
  filters: [{ param: 'user', match: 'eq', fields: ['user'] }],
};
