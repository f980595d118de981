import { genericGet, genericList } from '../../http/genericList';
import type { Handler } from '../../http/operationDef';
import { notFound } from '../../http/problem';
import type { Address, Role, RoleRow, UserAction } from '../../generated/types';
import { signedIn } from './access';
import {
  roleGetMeta,
  roleListMeta,
  roleTemplateListMeta,
  userActionListMeta,
} from './listMeta';

const ADDRESS_COLUMNS = ['id', 'name', 'company_name', 'recipient_name', 'addr_line_1', 'addr_line_2', 'city', 'region', 'postal_code', 'country_code'];

/** An organisation's addresses, if the organisation lies in the caller's subtree (else 404). */
export const listOrganisationAddresses: Handler<'listOrganisationAddresses'> = async ({ params }, context) => {
  const user = signedIn(context);
  const organisation = await context.db('organisations')
    .where('id', params.id)
    .where('tree_path', 'like', `${user.organisation.tree_path}%`)
    .first('id');
  if (!organisation) throw notFound();
  return (await context.db('addresses').where('organisation_id', params.id).orderBy('name').orderBy('id').select(ADDRESS_COLUMNS)) as Address[];
};

/** A user's actions, if the user belongs to the caller's subtree (else 404, as if missing). */
export const listUserActions: Handler<'listUserActions'> = async ({ params, query }, context) => {
  const user = signedIn(context);
  const subject = await context.db('users')
    .join('organisations', 'organisations.id', 'users.organisation_id')
    .where('users.id', params.id)
    .where('organisations.tree_path', 'like', `${user.organisation.tree_path}%`)
    .first('users.id');
  if (!subject) throw notFound();
  const page = await genericList(context.db, userActionListMeta, { params: {}, query: { ...query, user: params.id }, user });
  return page as { rows: UserAction[]; total: number };
};

export const listRoles: Handler<'listRoles'> = async ({ query }, context) => {
  const page = await genericList(context.db, roleListMeta, { params: {}, query: { ...query, template: false }, user: signedIn(context) });
  return page as { rows: RoleRow[]; total: number };
};

export const listRoleTemplates: Handler<'listRoleTemplates'> = async ({ query }, context) => {
  const page = await genericList(context.db, roleTemplateListMeta, { params: {}, query: { ...query, template: true }, user: signedIn(context) });
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
