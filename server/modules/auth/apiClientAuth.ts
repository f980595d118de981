import { DomainError } from '../../domain/errors';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { ACCESS_VERSION, readDataVersions, type CommittedVersions } from '../../writes/dataVersions';
import { reserveAttempt } from './loginThrottle';
import { cachedSessionUser } from './sessionUserCache';
import type { SessionUser } from './sessionUser';

/**
 * API clients (docs/backoffice.md "API clients"): `Authorization: Bearer <client id>.<secret>`
 * acts as the client's user, with their permissions and scope, for as long as the client exists,
 * has not expired and the user may sign in. The secret (256 random bits) is kept as its SHA-256.
 * last_used_at is written at most once a minute, so a busy client does not write at every call.
 */
const LAST_USED_INTERVAL_MS = 60_000;

export const apiClientSecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface ApiCaller {
  user: SessionUser;
  versions: CommittedVersions;
  /** How the audit log names the client: "name (client id)". */
  label: string;
}

/**
 * The caller a bearer token stands for. A token of a known client with a wrong secret counts as a
 * failed sign-in on the user's account from this address (loginThrottle.ts), and is answered 429
 * once the throttle says wait: probing is slowed as password guessing is. A right token is never
 * slowed by someone else's failures. Anything else is 401 api_client_invalid.
 */
export async function resumeApiClient(db: Knex, token: string, now: number, ip: string): Promise<ApiCaller> {
  const invalid = () => new DomainError('unauthenticated', 'api_client_invalid');
  const [clientId = '', secret = ''] = token.split('.');
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(clientId) || !/^[A-Za-z0-9_-]{43}$/.test(secret)) throw invalid();
  const client = await db('api_clients as c')
    .join('users as u', 'u.id', 'c.user_id')
    .where('c.client_id', clientId)
    .first('c.id', 'c.name', 'c.user_id', 'c.secret_hash', 'c.expires_at', 'c.last_used_at', 'u.email_address');
  if (!client) throw invalid();
  const given = Buffer.from(apiClientSecretHash(secret), 'hex');
  const stored = Buffer.from(String(client.secret_hash), 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    // Reserved and kept: a failure (or a 429 when the account is throttled from here).
    await reserveAttempt(db, { email: String(client.email_address).toLowerCase(), ip, device: null, now });
    throw invalid();
  }
  if (client.expires_at !== null && Number(client.expires_at) <= now) throw invalid();
  const versions = await readDataVersions(db);
  const [accessVersion] = versions.of([ACCESS_VERSION]);
  const user = await cachedSessionUser(db, Number(client.user_id), null, accessVersion!);
  if (!user) throw invalid();
  if (client.last_used_at === null || now - Number(client.last_used_at) >= LAST_USED_INTERVAL_MS) {
    await db('api_clients').where('id', client.id).update({ last_used_at: now });
  }
  return { user, versions, label: `${String(client.name)} (${clientId})` };
}
