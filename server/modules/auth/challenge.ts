import { DomainError } from '../../domain/errors';
import type { Handler, RequestContext } from '../../http/operationDef';
import { inTransaction } from '../../writes/records';
import { dropLinks } from '../users/accountLinks';
import { checkNewPassword } from '../users/passwordPolicy';
import { checkSecondFactor } from '../users/totp';
import { DEVICE_COOKIE, deviceOf } from './deviceCookie';
import { challenge, completeSignIn, nextStage } from './handlers';
import { loadSessionUser } from './loadSessionUser';
import { CHALLENGE_COOKIE, challengeUser, endChallenge, type ChallengeStage } from './loginChallenges';
import { forgetClientFailures, reserveAttempt } from './loginThrottle';
import { hashPassword } from './passwords';
import { endUserSessions } from './sessions';

/** The user of this client's live challenge at `stage`, or 401 login_challenge_expired. */
async function challenged(context: RequestContext, stage: ChallengeStage): Promise<{ token: string; userId: number; email: string }> {
  const token = context.cookies.get(CHALLENGE_COOKIE);
  const userId = await challengeUser(context.db, token, stage, context.now());
  if (userId === undefined || token === undefined) throw new DomainError('unauthenticated', 'login_challenge_expired');
  const row = await context.db('users').where('id', userId).first('email_address');
  return { token, userId, email: String(row.email_address).toLowerCase() };
}

/**
 * The second sign-in step (after 401 two_factor_required): a TOTP or recovery code. Each attempt
 * is reserved in the sign-in throttle under the same keys as a password (loginThrottle.ts), so
 * codes are guessed no faster than passwords; a wrong code keeps the challenge for another try.
 */
export const loginCode: Handler<'loginCode'> = async ({ body }, context) => {
  const now = context.now();
  const { token, userId, email } = await challenged(context, 'code');
  const attempt = { email, ip: context.ip, device: deviceOf(context.cookies.get(DEVICE_COOKIE), userId), now };
  const reservation = await reserveAttempt(context.db, attempt);
  if (!(await checkSecondFactor(context.db, userId, body.code, now))) throw new DomainError('unauthenticated', 'code_failed');
  await endChallenge(context.db, token);
  const user = await loadSessionUser(context.db, userId, null);
  // Disabled between the two steps.
  if (!user) throw new DomainError('unauthenticated', 'login_failed');
  await forgetClientFailures(context.db, attempt, reservation);
  const stage = await nextStage(context.db, userId, true);
  if (stage) return challenge(context, userId, stage);
  return completeSignIn(context, user, attempt.device);
};

/**
 * The last step after an administrator's password reset (403 password_change_required): the new
 * password (the policy of passwordPolicy.ts) replaces the old, PASSWORD_RESET clears, the user's
 * reset links and every other session of theirs end, and this client is signed in.
 */
export const loginNewPassword: Handler<'loginNewPassword'> = async ({ body }, context) => {
  const { token, userId, email } = await challenged(context, 'new_password');
  checkNewPassword(body.password, email);
  const hash = await hashPassword(body.password);
  await inTransaction(context.db, { userId, onBehalfOf: null, ip: context.ip }, async (records) => {
    await records.update('user', userId, { password_hash: hash, password_reset: false });
    await dropLinks(records, userId);
  });
  await endUserSessions(context.db, userId);
  await endChallenge(context.db, token);
  const user = await loadSessionUser(context.db, userId, null);
  if (!user) throw new DomainError('unauthenticated', 'login_failed');
  return completeSignIn(context, user, deviceOf(context.cookies.get(DEVICE_COOKIE), userId));
};
