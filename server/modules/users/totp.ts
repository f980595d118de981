import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { generateSecret, generateURI, verify } from 'otplib';
import { openTotpSecret } from '../../db/secrets';
import { claimTimeStep, useRecoveryCode } from '../auth/loginChallenges';

/**
 * TOTP (RFC 6238) with otplib's defaults: SHA-1, six digits, 30-second steps, the form every
 * authenticator app reads from an otpauth URI. A code is accepted from the step before to the step
 * after the server's clock (±30 s of drift), and never twice (claimTimeStep).
 */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = (): string => generateSecret();

export function otpauthUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** The time step a code is valid for at `nowMs`, after `afterStep`; undefined when it is not valid. */
export async function totpStep(secret: string, code: string, nowMs: number, afterStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Ten recovery codes of 120 random bits each (24 base32 characters in groups of four): enough
 * entropy that a SHA-256 of each is as safe to keep as a slow hash would be (ASVS 5.0 §6.5).
 */
export function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(24);
    const chars = [...bytes].map((byte) => alphabet[byte & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as typed, in any case, with or without its dashes and spaces. */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('hex');

/**
 * Checks a second factor of a user with an authenticator: a six-digit TOTP code, or one of their
 * recovery codes (used up). False for anything else, or a user with no confirmed authenticator.
 */
export async function checkSecondFactor(db: Knex, userId: number, code: string, nowMs: number): Promise<boolean> {
  const typed = code.trim();
  const totp = await db('user_totps').where({ user_id: userId }).first('id', 'secret', 'confirmed', 'last_step');
  if (!totp || !(totp.confirmed === true || totp.confirmed === 1)) return false;
  if (/^\d{6}$/.test(typed)) {
    const lastStep = totp.last_step === null ? null : Number(totp.last_step);
    const step = await totpStep(openTotpSecret(String(totp.secret)), typed, nowMs, lastStep);
    return step !== undefined && (await claimTimeStep(db, Number(totp.id), step));
  }
  return useRecoveryCode(db, userId, recoveryCodeHash(typed));
}
