import type { Knex } from 'knex';
import { holdKey } from '../db/keyLock';
import { DomainError } from '../domain/errors';

/** A public form's allowance per client address: at most `max` of `table`'s rows in a window. */
export interface AddressLimit {
  /** The form's requests, one row each, with `ip_address` and `created_at`. */
  table: string;
  windowMs: number;
  max: number;
}

/**
 * Refuses a request from `ip` once its address has sent `limit.max` within the window before `at`
 * (429 request_rate_limited, Retry-After the window), counted in the database so every process
 * shares it. The caller inserts the request's row in the same transaction: the address's key is
 * held until it ends (holdKey), so requests sent side by side count one another.
 */
export async function checkAddressLimit(trx: Knex, limit: AddressLimit, ip: string, at: number): Promise<void> {
  await holdKey(trx, `${limit.table} address ${ip}`);
  const recent = await trx(limit.table)
    .where('ip_address', ip)
    .where('created_at', '>', at - limit.windowMs)
    .count({ n: '*' })
    .first();
  if (Number(recent?.['n'] ?? 0) >= limit.max)
    throw new DomainError('rate_limited', 'request_rate_limited', { retryAfterSeconds: limit.windowMs / 1000 });
}
