import { DomainError, outsideScope } from '../../domain/errors';
import { rowInScope } from '../../reads/genericList';
import type { Handler, RequestContext } from '../../http/operationDef';
import type { UserNotification, UserRole } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import { userGetMeta } from './userMeta';

/** 002 §5: local part, @, domain, and a top-level label of 2 to 15 letters. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,15}$/;

/** The user of the path within the caller's tree (404 outside it) and their organisation. */
async function otherUser(context: RequestContext, id: number, own: 'cannot_edit_own_roles' | 'cannot_edit_own_notifications') {
  const caller = signedIn(context);
  const row = await rowInScope(context.db, userGetMeta, { params: { id }, query: {}, user: context.user });
  if (Number(row['id']) === caller.id) throw new DomainError('forbidden', own);
  const organisation = await context.db('users').where('id', id).first('organisation_id');
  return { id, organisation: Number(organisation.organisation_id) };
}

async function userRoles(context: RequestContext, userId: number): Promise<UserRole[]> {
  const rows = (await context
    .db('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .where('ur.user_id', userId)
    .orderBy('r.name')
    .select('ur.id', 'r.id as role_id', 'r.name')) as { id: number; role_id: number; name: string }[];
  return rows.map((row) => ({ id: Number(row.id), role: { id: Number(row.role_id), name: row.name } }));
}

/**
 * 002 §4 "changing an existing user's organisation asks for confirmation, because roles are then
 * emptied": the user moves to an organisation of the caller's tree (422 outside_scope otherwise,
 * and the request's transaction takes the move back). Their roles are per organisation, so the
 * caller (setUserRoles) replaces them by the new organisation's. An administrator is moved only by
 * an administrator (403 forbidden_field): the admin flag would otherwise hand a whole organisation
 * to whoever may only edit users. A timeout above the new organisation's is lowered to it, as the
 * user form lowers it (002 §4); the organisation and timeout are audited as changes of the user.
 */
async function moveUser(context: RequestContext, userId: number, organisation: number): Promise<void> {
  const caller = signedIn(context);
  const user = (await context.db('users').where('id', userId).first('admin', 'timeout')) as { admin: unknown; timeout: unknown };
  if (Boolean(user.admin) && !caller.admin)
    throw new DomainError('forbidden', 'forbidden_field', {
      field: 'organisation',
      detail: 'only an administrator moves an administrator',
    });
  const target = (await context.db('organisations').where('id', organisation).first('user_inactivity_timeout')) as
    { user_inactivity_timeout: unknown } | undefined;
  if (!target) throw outsideScope('organisation');
  const limit = Number(target.user_inactivity_timeout);
  await context.records.update('user', userId, { organisation, ...(Number(user.timeout) > limit && { timeout: limit }) });
  try {
    await rowInScope(context.db, userGetMeta, { params: { id: userId }, query: {}, user: context.user });
  } catch {
    throw outsideScope('organisation');
  }
}

/**
 * 002 §2.6 roles tab, §4: a user's roles become exactly the ones sent, each one of their
 * organisation's own non-template roles (422 role_not_offered); never the caller's own roles
 * (403 cannot_edit_own_roles). With `organisation` the user first moves there (moveUser), so the
 * old organisation's roles all go. Each role added or removed is a change of the user in the audit log.
 */
export const setUserRoles: Handler<'setUserRoles'> = async ({ params, body }, context) => {
  const user = await otherUser(context, params.id, 'cannot_edit_own_roles');
  if (body.organisation !== undefined && body.organisation !== user.organisation) {
    await moveUser(context, user.id, body.organisation);
    user.organisation = body.organisation;
  }
  const wanted = [...new Set(body.roles)];
  const offered = (await context
    .db('roles')
    .whereIn('id', wanted)
    .where('organisation_id', user.organisation)
    .where('template', false)
    .select('id', 'name')) as { id: number; name: string }[];
  if (offered.length !== wanted.length) throw new DomainError('unprocessable', 'role_not_offered', { field: 'roles' });
  const names = new Map(offered.map((role) => [Number(role.id), role.name]));
  const current = (await context
    .db('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .where('ur.user_id', user.id)
    .select('ur.id', 'ur.role_id', 'r.name')) as { id: number; role_id: number; name: string }[];
  const auditOn = (name: string) => ({ auditOn: { entity: 'user' as const, id: user.id, field: 'roles', value: name } });
  for (const row of current)
    if (!names.has(Number(row.role_id))) await context.records.remove('user_role', Number(row.id), auditOn(row.name));
  const held = new Set(current.map((row) => Number(row.role_id)));
  for (const [roleId, name] of names)
    if (!held.has(roleId)) await context.records.insert('user_role', { user: user.id, role: roleId }, auditOn(name));
  return userRoles(context, user.id);
};

/** 002 §2.6 notifications tab: the subscriptions become exactly the types sent; not one's own (002 §6). */
export const setUserNotifications: Handler<'setUserNotifications'> = async ({ params, body }, context) => {
  const user = await otherUser(context, params.id, 'cannot_edit_own_notifications');
  const wanted = new Set(body.types);
  const current = (await context.db('user_notifications').where('user_id', user.id).select('id', 'type')) as { id: number; type: string }[];
  const auditOn = (type: string) => ({ auditOn: { entity: 'user' as const, id: user.id, field: 'notifications', value: type } });
  for (const row of current)
    if (!wanted.has(row.type as UserNotification['type']))
      await context.records.remove('user_notification', Number(row.id), auditOn(row.type));
  const held = new Set(current.map((row) => row.type));
  for (const type of wanted) if (!held.has(type)) await context.records.insert('user_notification', { user: user.id, type }, auditOn(type));
  const rows = (await context.db('user_notifications').where('user_id', user.id).orderBy('type').select('id', 'type')) as {
    id: number;
    type: UserNotification['type'];
  }[];
  return rows.map((row) => ({ id: Number(row.id), type: row.type }));
};

/**
 * 002 §5 the e-mail field's check before save: valid when of the right shape and not another
 * user's address in any case (`id` is the user being edited, whose own address stays valid).
 */
export const checkEmail: Handler<'checkEmail'> = async ({ query }, context) => {
  signedIn(context);
  const email = (query.email ?? '').trim();
  if (!EMAIL_SHAPE.test(email)) return { valid: false };
  const taken = context.db('users').whereRaw('lower(email_address) = ?', [email.toLowerCase()]);
  if (query.id !== undefined) taken.whereNot('id', query.id);
  return { valid: (await taken.first('id')) === undefined };
};
