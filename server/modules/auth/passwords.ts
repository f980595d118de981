import { DomainError } from '../../domain/errors';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ConcurrencyLimit } from './concurrencyLimit';

/**
 * scrypt at OWASP's current recommendation (Password Storage Cheat Sheet: N=2^17, r=8, p=1).
 * The parameters are stored with each hash, so raising them later still verifies old hashes.
 */
const COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
const KEY_LENGTH = 64;

/**
 * Each derivation takes about 128 MiB and a libuv worker for a noticeable time; the database
 * driver shares those workers. Two at a time, with a short queue, keeps a burst of sign-ins from
 * stalling every other request; past the queue the caller is told to come back (503).
 */
const derivations = new ConcurrencyLimit(2, 32);

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  const run = () =>
    new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  const queued = derivations.run(run);
  if (!queued) return Promise.reject(new DomainError('unavailable', 'busy', { retryAfterSeconds: 5 }));
  return queued;
}

/**
 * Format: scrypt$N$r$p$<salt base64>$<key base64>. `cost` is for tests that hash many passwords
 * only to look at salts: the stored parameters make such a hash verify like any other.
 */
export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verifying against this when the user does not exist keeps the response time the same. */
let decoyHash: Promise<string> | undefined;
export function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return decoyHash;
}
