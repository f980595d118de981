import { DomainError } from '../../domain/errors';
import { genericGet, rowInScope } from '../../reads/genericList';
import type { Handler, RequestContext } from '../../http/operationDef';
import type { User } from '../../generated/types';
import { checkAddressLimit } from '../../writes/addressLimit';
import { inTransaction } from '../../writes/records';
import { hashPassword } from '../auth/passwords';
import { endUserSessions } from '../auth/sessions';
import { signedIn } from '../auth/signedIn';
import { dropLinks, linkUser, openLink, sendLink } from './accountLinks';
import { checkNewPassword } from './passwordPolicy';
import { userGetMeta } from './userMeta';

/** "Forgot password" requests one address may send an hour (as the register-interest form). */
export const LINK_REQUEST_WINDOW_MS = 3600_000;
export const MAX_LINK_REQUESTS_PER_IP = 10;

const bool = (value: unknown) => value === true || value === 1;

/**
 * Self-service "forgot password" (login page): the same 202 whether or not the address is a
 * user's, so the answer discovers no accounts; a user who is not disabled is e-mailed a reset
 * link (1 h). Throttled per client address, counted in the database (every process shares it).
 */
export const forgotPassword: Handler<'forgotPassword'> = async ({ body }, context) => {
  const now = context.now();
  await inTransaction(context.db, { userId: null, onBehalfOf: null, ip: context.ip }, async (records) => {
    await checkAddressLimit(
      records.db,
      { table: 'link_requests', windowMs: LINK_REQUEST_WINDOW_MS, max: MAX_LINK_REQUESTS_PER_IP },
      context.ip,
      now,
    );
    await records.insert('link_request', { ip_address: context.ip, created_at: now });
    const row = await records
      .db('users')
      .whereRaw('lower(email_address) = ?', [body.email_address.trim().toLowerCase()])
      .first('id', 'disabled');
    if (row && !bool(row.disabled)) await sendLink(records, await linkUser(records.db, Number(row.id)), 'PASSWORD_RESET', now);
  });
};

export const checkAccountLink: Handler<'checkAccountLink'> = async ({ body }, context) => {
  const link = await openLink(context.db, body.token, context.now());
  if (!link) throw new DomainError('invalid', 'link_invalid');
  return { purpose: link.purpose, name: link.user.name, email_address: link.user.email_address };
};

/**
 * An invitation or reset link's password (single use): the link and the user's other links are
 * removed in the transaction that sets the password, so of two uses side by side one finds it
 * gone; the user is VERIFIED without PASSWORD_RESET, and every session of theirs ends.
 */
export const setPasswordByLink: Handler<'setPasswordByLink'> = async ({ body }, context) => {
  const now = context.now();
  const link = await openLink(context.db, body.token, now);
  if (!link) throw new DomainError('invalid', 'link_invalid');
  checkNewPassword(body.password, link.user.email_address);
  const hash = await hashPassword(body.password);
  await inTransaction(context.db, { userId: link.user.id, onBehalfOf: null, ip: context.ip }, async (records) => {
    await records.remove('user_token', link.tokenId).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'not_found') throw new DomainError('invalid', 'link_invalid');
      throw error;
    });
    await dropLinks(records, link.user.id);
    await records.update('user', link.user.id, { password_hash: hash, verified: true, password_reset: false });
  });
  await endUserSessions(context.db, link.user.id);
};

/** A user of the caller's tree (404 outside it), as a write sees it. */
async function targetUser(context: RequestContext, id: number) {
  const row = await rowInScope(context.db, userGetMeta, { params: { id }, query: {}, user: context.user });
  return { id: Number(row['id']), disabled: bool(row['disabled']), verified: bool(row['verified']) };
}

const answer = (context: RequestContext, id: number) =>
  genericGet(context.db, userGetMeta, { params: { id }, query: {}, user: context.user }) as Promise<User>;

/**
 * 002 §2.6 "reset password" (admins, another user): PASSWORD_RESET, a reset link by e-mail (1 h),
 * and the user's sessions end; until they use the link, the old password only leads to choosing
 * a new one (auth/challenge.ts).
 */
export const resetUserPassword: Handler<'resetUserPassword'> = async ({ params }, context) => {
  const caller = signedIn(context);
  const user = await targetUser(context, params.id);
  if (user.id === caller.id) throw new DomainError('forbidden', 'own_record', { detail: 'use "forgot password" for your own account' });
  if (user.disabled) throw new DomainError('conflict', 'invalid_state', { detail: 'the user is disabled' });
  await context.records.update('user', user.id, { password_reset: true });
  await sendLink(context.records, await linkUser(context.db, user.id), 'PASSWORD_RESET', context.now());
  await endUserSessions(context.db, user.id);
  return answer(context, user.id);
};

/** A new invitation for a user who has not set a password yet; the earlier link stops working. */
export const resendInvitation: Handler<'resendInvitation'> = async ({ params }, context) => {
  signedIn(context);
  const user = await targetUser(context, params.id);
  if (user.verified || user.disabled)
    throw new DomainError('conflict', 'invalid_state', { detail: 'only an enabled, unverified user is invited' });
  await sendLink(context.records, await linkUser(context.db, user.id), 'INVITATION', context.now());
  return answer(context, user.id);
};
