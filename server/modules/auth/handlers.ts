import { HttpProblem, unauthenticated } from '../../http/problem';
import type { Handler } from '../../http/operationDef';
import type { CurrentUser } from '../../generated/types';
import { decodeValue } from '../../db/codec';
import { decoy, verifyPassword } from './passwords';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, deviceCookieFor, deviceOf } from './deviceCookie';
import { forgetClientFailures, reserveAttempt, withdrawAttempt } from './loginThrottle';
import { loadSessionUser } from './loadSessionUser';
import { endSession, SESSION_COOKIE, startSession } from './sessions';
import type { SessionUser } from './sessionUser';

export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email_address: user.email_address,
    admin: user.admin,
    root: user.root,
    timezone: user.timezone,
    user_language: user.user_language as CurrentUser['user_language'],
    real_id: user.real?.id ?? null,
    real_name: user.real?.name ?? null,
    currency: user.organisation.currency,
    permissions: [...user.permissions].sort(([a], [b]) => a.localeCompare(b)).map(([permission, value]) => ({ permission, parent: value === 2 })),
    modules: user.modules,
    organisation: {
      id: user.organisation.id,
      name: user.organisation.name,
      parent: user.organisation.parent,
      currency: user.organisation.currency,
      finance_type: user.organisation.finance_type,
      po_number_required: user.organisation.po_number_required,
      force_po_uniqueness: user.organisation.force_po_uniqueness,
      can_create_resellers: user.organisation.can_create_resellers,
      linked_account: user.organisation.linked_account,
    },
  };
}

export const login: Handler<'login'> = async ({ body }, context) => {
  const email = body.email_address.trim().toLowerCase();
  const now = context.now();
  const row = await context.db('users').whereRaw('lower(email_address) = ?', [email]).first('id', 'password_hash', 'disabled');
  const userId = row ? Number(row.id) : undefined;
  // A browser that signed in to this account before is judged on its own failures (loginThrottle.ts).
  const attempt = { email, ip: context.ip, device: deviceOf(context.cookies.get(DEVICE_COOKIE), userId), now };
  const reservation = await reserveAttempt(context.db, attempt);
  const passwordOk = await verifyPassword(body.password, row?.password_hash ?? (await decoy())).catch(async (error: unknown) => {
    // Turned away unheard (the server is busy): that is no failed attempt of the user's.
    await withdrawAttempt(context.db, reservation);
    throw error;
  });
  const user = userId !== undefined && passwordOk && !decodeValue({ column: '', type: 'boolean' }, row.disabled) ? await loadSessionUser(context.db, userId, null) : undefined;
  // A failure keeps the reservation made above; a success forgets this client's failures.
  if (!user) throw new HttpProblem(401, 'login_failed');
  await forgetClientFailures(context.db, attempt, reservation);
  context.cookies.set(DEVICE_COOKIE, deviceCookieFor(user.id, attempt.device), { httpOnly: true, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
  // A new session id at every sign-in: a session fixed before login is worthless after it.
  const previous = context.cookies.get(SESSION_COOKIE);
  if (previous) await endSession(context.db, previous);
  const token = await startSession(context.db, user, now);
  context.cookies.set(SESSION_COOKIE, token, { httpOnly: true });
  // A token read before sign-in is not the signed-in session's token.
  context.cookies.renewCsrf(token);
  return toCurrentUser(user);
};

export const logout: Handler<'logout'> = async (_input, context) => {
  const token = context.cookies.get(SESSION_COOKIE);
  if (token) await endSession(context.db, token);
  context.cookies.set(SESSION_COOKIE, null, { httpOnly: true });
  context.cookies.renewCsrf(null);
};

export const whoami: Handler<'whoami'> = async (_input, context) => {
  if (!context.user) throw unauthenticated();
  return toCurrentUser(context.user);
};
