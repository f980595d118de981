import QRCode from 'qrcode';
import { DomainError } from '../../domain/errors';
import { sealTotpSecret, openTotpSecret } from '../../db/secrets';
import { genericGet, rowInScope } from '../../reads/genericList';
import type { Handler } from '../../http/operationDef';
import type { User } from '../../generated/types';
import type { Records } from '../../writes/records';
import { signedIn } from '../auth/signedIn';
import { PORTAL_NAME } from '../../integrations/emails/emailRecipients';
import { newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash, totpStep } from './totp';
import { userGetMeta } from './userMeta';

const bool = (value: unknown) => value === true || value === 1;

/** Two-factor enrolment is the user's own, never an administrator's acting as them. */
function ownCaller(context: Parameters<Handler<'startTwoFactorEnrolment'>>[1]) {
  const user = signedIn(context);
  if (user.real) throw new DomainError('forbidden', 'not_while_emulating');
  return user;
}

async function removeSecondFactor(records: Records, userId: number): Promise<void> {
  for (const row of (await records.db('user_totps').where('user_id', userId).select('id')) as { id: number }[])
    await records.remove('user_totp', Number(row.id));
  for (const row of (await records.db('user_recovery_codes').where('user_id', userId).select('id')) as { id: number }[])
    await records.remove('user_recovery_code', Number(row.id));
}

/** Whether the caller has a confirmed authenticator (the two-factor page's status line). */
export const getMyTwoFactor: Handler<'getMyTwoFactor'> = async (_input, context) => {
  const user = signedIn(context);
  const totp = await context.db('user_totps').where('user_id', user.id).first('confirmed');
  return { enabled: Boolean(totp && bool(totp.confirmed)) };
};

/**
 * Enrolment, first step (the user's own page): a new secret, sealed at rest (docs/secrets.md),
 * not in force until confirmed; an unconfirmed earlier one is replaced. Answers the secret, its
 * otpauth URI and a QR code of it, this once.
 */
export const startTwoFactorEnrolment: Handler<'startTwoFactorEnrolment'> = async (_input, context) => {
  const user = ownCaller(context);
  const existing = await context.db('user_totps').where('user_id', user.id).first('confirmed');
  if (existing && bool(existing.confirmed)) throw new DomainError('conflict', 'two_factor_enrolled');
  await removeSecondFactor(context.records, user.id);
  const secret = newTotpSecret();
  await context.records.insert('user_totp', { user: user.id, secret: sealTotpSecret(secret), confirmed: false });
  const uri = otpauthUri(secret, user.email_address, PORTAL_NAME);
  return { secret, otpauth_uri: uri, qr_code: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
};

/**
 * Enrolment, second step: a code from the new authenticator turns two-factor sign-in on (audited
 * on the user) and answers ten recovery codes, shown this once and kept only as hashes.
 */
export const confirmTwoFactor: Handler<'confirmTwoFactor'> = async ({ body }, context) => {
  const user = ownCaller(context);
  const totp = await context.db('user_totps').where('user_id', user.id).first('id', 'secret', 'confirmed');
  if (!totp) throw new DomainError('conflict', 'two_factor_not_started');
  if (bool(totp.confirmed)) throw new DomainError('conflict', 'two_factor_enrolled');
  const step = await totpStep(openTotpSecret(String(totp.secret)), body.code.trim(), context.now(), null);
  if (step === undefined) throw new DomainError('unprocessable', 'code_failed', { field: 'code' });
  await context.records.update('user_totp', Number(totp.id), { confirmed: true, last_step: step });
  await context.records.update('user', user.id, { two_factor: true });
  const codes = newRecoveryCodes();
  for (const code of codes) await context.records.insert('user_recovery_code', { user: user.id, code_hash: recoveryCodeHash(code) });
  return { recovery_codes: codes };
};

/**
 * 002 §5 "reset user 2FA": root admins (the operation's guard), on another user of their tree
 * with two-factor sign-in on. The authenticator and recovery codes go; the user signs in with the
 * password alone until they enrol again (or are asked to, when their organisation requires it).
 */
export const disableUserTwoFactor: Handler<'disableUserTwoFactor'> = async ({ params }, context) => {
  const caller = signedIn(context);
  const row = await rowInScope(context.db, userGetMeta, { params, query: {}, user: context.user });
  const id = Number(row['id']);
  if (id === caller.id) throw new DomainError('forbidden', 'own_record', { detail: 'a user may not reset their own two-factor sign-in' });
  if (!bool(row['two_factor'])) throw new DomainError('conflict', 'invalid_state', { detail: 'two-factor sign-in is off' });
  await removeSecondFactor(context.records, id);
  await context.records.update('user', id, { two_factor: false });
  return (await genericGet(context.db, userGetMeta, { params, query: {}, user: context.user })) as User;
};
