import { HttpProblem, unauthenticated } from '../../http/problem';
import { CSRF_COOKIE, newCsrfToken } from '../../http/security';
import type { Handler } from '../../http/operationDef';
import type { CurrentUser } from '../../generated/types';
import { decodeValue } from '../../db/codec';
import { decoy, verifyPassword } from './passwords';
import { clearFailures, reserveAttempt, withdrawAttempt } from './loginThrottle';
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
  const reservation = await reserveAttempt(context.db, email, context.ip, now);
  const row = await context.db('users').whereRaw('lower(email_address) = ?', [email]).first('id', 'password_hash', 'disabled');
  const passwordOk = await verifyPassword(body.password, row?.password_hash ?? (await decoy())).catch(async (error: unknown) => {
    // Turned away unheard (the server is busy): that is no failed attempt of the user's.
    await withdrawAttempt(context.db, reservation);
    throw error;
  });
  const user = row && passwordOk && !decodeValue({ column: '', type: 'boolean' }, row.disabled) ? await loadSessionUser(context.db, Number(row.id), null) : undefined;
  // A failure keeps the reservation made above; a success clears them all.
  if (!user) throw new HttpProblem(401, 'login_failed');
  await clearFailures(context.db, email);
  // A new session id at every sign-in: a session fixed before login is worthless after it.
  const previous = context.cookies.get(SESSION_COOKIE);
  if (previous) await endSession(context.db, previous);
  context.cookies.set(SESSION_COOKIE, await startSession(context.db, user, now), { httpOnly: true });
  // A token read before sign-in is not the signed-in session's token.
  context.cookies.set(CSRF_COOKIE, newCsrfToken(), { httpOnly: false });
  return toCurrentUser(user);
};

export const logout: Handler<'logout'> = async (_input, context) => {
  const token = context.cookies.get(SESSION_COOKIE);
  if (token) await endSession(context.db, token);
  context.cookies.set(SESSION_COOKIE, null, { httpOnly: true });
  context.cookies.set(CSRF_COOKIE, newCsrfToken(), { httpOnly: false });
};

export const whoami: Handler<'whoami'> = async (_input, context) => {
  if (!context.user) throw unauthenticated();
  return toCurrentUser(context.user);
};
