import { DomainError, notSignedIn, recordNotFound } from '../../domain/errors';
import { applyScope } from '../../reads/genericList';
import type { GenericMeta, Handler } from '../../http/operationDef';
import { toCurrentUser } from '../auth/handlers';
import { loadSessionUser } from '../auth/loadSessionUser';
import { endSession, SESSION_COOKIE, startSession } from '../auth/sessions';

/** Users of the caller's tree, as getUser scopes them (children only for a user:admin grant of 1). */
const USERS_OF_TREE: GenericMeta = {
  kind: 'get',
  entity: 'user',
  fields: [],
  expand: [],
  sort: [],
  filters: [],
  scope: { kind: 'tree', field: 'organisation' },
};

/**
 * POST /users/{id}/emulation (002 §4 Emulation): an administrator starts acting as another user.
 * Refused while already emulating (409 already_emulating: the real identity would be lost), for
 * oneself (403 own_record) and for a user who could not sign in (disabled, inactive or of a
 * disabled organisation: 409 user_not_active). A user outside the caller's tree is 404, as their
 * page is. The old session ends and a new one starts (a fresh id, as at sign-in) for the emulated
 * user with the administrator behind it; the start is audited on the user as EMULATE, with the
 * reason the administrator stated (the body's `reason`, trimmed; the contract refuses it missing or
 * blank) as the entry's `emulation_reason`, and lands in the administrator's actions taken. Ending
 * is GET /mask_user/end, answered by POST /auth/emulation/end (server/modules/auth/emulationEnd.ts).
 */
export const emulateUser: Handler<'emulateUser'> = async ({ params, body }, context) => {
  const administrator = context.user;
  if (!administrator) throw notSignedIn();
  if (administrator.real) throw new DomainError('conflict', 'already_emulating', { detail: 'stop the current emulation first' });
  const query = context.db('users').where('users.id', params.id);
  applyScope(context.db, query, USERS_OF_TREE, 'users', administrator);
  const target = (await query.first('users.id')) as { id: number } | undefined;
  if (!target) throw recordNotFound();
  if (Number(target.id) === administrator.id)
    throw new DomainError('forbidden', 'own_record', { detail: 'a user may not emulate themselves' });
  // The session the emulated user would have: none when they could not sign in themselves.
  const emulated = await loadSessionUser(context.db, Number(target.id), administrator.id);
  if (!emulated) throw new DomainError('conflict', 'user_not_active', { detail: `user ${params.id} cannot sign in` });

  await context.records.audit.record('user', emulated.id, 'EMULATE', [{ field: 'emulation_reason', old: null, new: body.reason.trim() }]);
  const previous = context.cookies.get(SESSION_COOKIE);
  if (previous) await endSession(context.db, previous);
  const token = await startSession(context.db, emulated, context.now(), administrator.id);
  context.cookies.set(SESSION_COOKIE, token, { httpOnly: true });
  context.cookies.renewCsrf(token);
  return toCurrentUser(emulated);
};
