import { genericGet, genericList } from '../../reads/genericList';
import type { Handler } from '../../http/operationDef';
import type { Role, RoleRow } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import { roleGetMeta, roleListMeta, roleTemplateListMeta } from './roleMeta';
import { insertRole, updateRole as saveRole } from './service';

export const listRoles: Handler<'listRoles'> = async ({ query }, context) => {
  const page = await genericList(context.db, roleListMeta, { params: {}, query: { ...query, template: false }, user: signedIn(context) });
  return page as { rows: RoleRow[]; total: number };
};

export const listRoleTemplates: Handler<'listRoleTemplates'> = async ({ query }, context) => {
  const page = await genericList(context.db, roleTemplateListMeta, {
    params: {},
    query: { ...query, template: true },
    user: signedIn(context),
  });
  return page as { rows: RoleRow[]; total: number };
};

/**
 * A role of the caller's subtree, or any template role: templates are listed to everyone with
 * role:view (listRoleTemplates), so a template's link must open for them too. Any other role
 * outside the subtree is a 404, as if missing.
 */
export const getRole: Handler<'getRole'> = async ({ params }, context) => {
  const user = signedIn(context);
  const role = await context.db('roles').where('id', params.id).first('template');
  const { scope: _scope, ...unscoped } = roleGetMeta;
  const meta = role && Boolean(role.template) ? unscoped : roleGetMeta;
  return (await genericGet(context.db, meta, { params, query: {}, user })) as Role;
};

/** A new role (002 §2.8 roles/new); the rules are insertRole's. Answers the role as getRole shows it. */
export const createRole: Handler<'createRole'> = async ({ body }, context) => {
  const id = await insertRole(context.records, signedIn(context), body);
  return getRole({ params: { id }, query: {}, body: undefined }, context);
};

/**
 * 002 §4 "Duplicating sends id, name, organisation and template and returns the new id": the
 * source must be a role the caller may open (getRole: 404 otherwise); the copy gets its permissions.
 */
export const duplicateRole: Handler<'duplicateRole'> = async ({ params, body }, context) => {
  const source = await getRole({ params: { id: params.id }, query: {}, body: undefined }, context);
  const id = await insertRole(context.records, signedIn(context), body, source.id);
  return getRole({ params: { id }, query: {}, body: undefined }, context);
};

/** 002 §2.8 role page: its name and permissions, saved together; answered as getRole shows it. */
export const updateRole: Handler<'updateRole'> = async ({ params, body }, context) => {
  await saveRole(context.records, signedIn(context), params.id, body);
  return getRole({ params: { id: params.id }, query: {}, body: undefined }, context);
};
