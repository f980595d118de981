import { DomainError, notSignedIn } from '../../domain/errors';
import type { Knex } from 'knex';
import type { Handler } from '../../http/operationDef';
import type { CurrentUser } from '../../generated/types';
import { decodeValue } from '../../db/codec';
import { decoy, verifyPassword } from './passwords';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, deviceCookieFor, deviceOf } from './deviceCookie';
import { forgetClientFailures, reserveAttempt, withdrawAttempt } from './loginThrottle';
import { loadSessionUser } from './loadSessionUser';
import { endSession, SESSION_COOKIE, startSession } from './sessions';
import type { SessionUser } from './sessionUser';
import { brandingImagePath, type Branding } from '../organisations/branding';
import type { RequestContext } from '../../http/operationDef';
import { CHALLENGE_COOKIE, CHALLENGE_LIFETIME_MS, startChallenge, type ChallengeStage } from './loginChallenges';

/**
 * What a user whose password was right still owes before a session (docs/backoffice.md): a code
 * when two-factor sign-in is on (an authenticator confirmed, or the flag set without one: then
 * nothing opens it but a reset, never the password alone), then a new password after an
 * administrator's reset (PASSWORD_RESET).
 */
export async function nextStage(db: Knex, userId: number, afterCode = false): Promise<ChallengeStage | null> {
  const row = await db('users').where('id', userId).first('two_factor', 'password_reset');
  const bool = (value: unknown) => decodeValue({ column: '', type: 'boolean' }, value) === true;
  if (!afterCode && bool(row?.two_factor)) return 'code';
  if (bool(row?.password_reset)) return 'new_password';
  return null;
}

/** Starts the next step of a sign-in: its challenge cookie, and the problem telling the client which step. */
export async function challenge(context: RequestContext, userId: number, stage: ChallengeStage): Promise<never> {
  const token = await startChallenge(context.db, userId, stage, context.now());
  context.cookies.set(CHALLENGE_COOKIE, token, { httpOnly: true, maxAge: CHALLENGE_LIFETIME_MS });
  throw stage === 'code'
    ? new DomainError('unauthenticated', 'two_factor_required')
    : new DomainError('forbidden', 'password_change_required');
}

/** The last step of every sign-in: the device cookie, a fresh session id and CSRF token. */
export async function completeSignIn(context: RequestContext, user: SessionUser, device: string | null): Promise<CurrentUser> {
  context.cookies.set(DEVICE_COOKIE, deviceCookieFor(user.id, device), { httpOnly: true, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
  context.cookies.set(CHALLENGE_COOKIE, null, { httpOnly: true });
  // A new session id at every sign-in: a session fixed before login is worthless after it.
  const previous = context.cookies.get(SESSION_COOKIE);
  if (previous) await endSession(context.db, previous);
  const token = await startSession(context.db, user, context.now());
  context.cookies.set(SESSION_COOKIE, token, { httpOnly: true });
  // A token read before sign-in is not the signed-in session's token.
  context.cookies.renewCsrf(token);
  return toCurrentUser(user);
}

/** The branding as whoami shows it: images by their addresses. */
function brandingShown(branding: Branding): CurrentUser['branding'] {
  const { image, background_image, ...rest } = branding;
  return { ...rest, image: image && brandingImagePath(image), background_image: background_image && brandingImagePath(background_image) };
}

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
    permissions: [...user.permissions]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([permission, value]) => ({ permission, parent: value === 2 })),
    modules: user.modules,
    ...(user.twoFactorMissing && { two_factor_enrolment_required: true }),
    branding: brandingShown(user.organisation.branding),
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
  const user =
    userId !== undefined && passwordOk && !decodeValue({ column: '', type: 'boolean' }, row.disabled)
      ? await loadSessionUser(context.db, userId, null)
      : undefined;
  // A failure keeps the reservation made above.
  if (!user) throw new DomainError('unauthenticated', 'login_failed');
  const stage = await nextStage(context.db, user.id);
  if (stage) {
    // The password was right, but the sign-in is not done: this client's earlier failures stay
    // counted until it is, so knowing the password buys no fresh tries at the code.
    await withdrawAttempt(context.db, reservation);
    return challenge(context, user.id, stage);
  }
  await forgetClientFailures(context.db, attempt, reservation);
  return completeSignIn(context, user, attempt.device);
};

export const logout: Handler<'logout'> = async (_input, context) => {
  const token = context.cookies.get(SESSION_COOKIE);
  if (token) await endSession(context.db, token);
  context.cookies.set(SESSION_COOKIE, null, { httpOnly: true });
  context.cookies.renewCsrf(null);
};

export const whoami: Handler<'whoami'> = async (_input, context) => {
  if (!context.user) throw notSignedIn();
  return toCurrentUser(context.user);
};
