import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { DomainError } from '../domain/errors';
import type { Records } from './records';

/** 24 hours: a retry after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** An answer as the router sends it, and as a retry with the same key gets it again. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Raised when a request with the same key committed first, side by side: its answer is the one to give. */
export class IdempotencyRace extends Error {}

const KEY = /^[\x21-\x7e]{1,255}$/;

export function checkedKey(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!KEY.test(header))
    throw new DomainError('invalid', 'invalid_parameter', {
      field: 'Idempotency-Key',
      detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
    });
  return header;
}

/** What makes two requests the same: method, path and body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

interface KeyRow {
  id: number;
  request_hash: string;
  status: number;
  response: string | null;
  created_at: number | string;
}

/**
 * The first answer to this key, when there is one younger than a day: the same request gets it
 * again; another request under the same key is refused (422), as it cannot be what was meant.
 */
export async function storedAnswer(db: Knex, userId: number, key: string, hash: string, now: number): Promise<Answer | undefined> {
  const row = (await db('idempotency_keys').where({ user_id: userId, key }).first()) as KeyRow | undefined;
  if (!row || Number(row.created_at) <= now - IDEMPOTENCY_TTL_MS) return undefined;
  if (row.request_hash !== hash) throw new DomainError('unprocessable', 'idempotency_key_reused', { field: 'Idempotency-Key' });
  return {
    status: Number(row.status),
    body: row.response === null ? undefined : (JSON.parse(row.response) as unknown),
    headers: { 'Idempotent-Replayed': 'true' },
  };
}

/** HTTP 102 Processing: a key taken by a request whose answer is not written yet. */
const PROCESSING = 102;

/**
 * Takes the key for this request, first thing in its transaction: a twin sent side by side waits
 * here on the key's unique index until this request commits, then replays its answer
 * (IdempotencyRace), so the work runs once. An expired key is taken over.
 */
export async function claimKey(records: Records, userId: number, key: string, hash: string, now: number): Promise<number> {
  // Only a key older than a day is taken over. A young one is a twin's that committed after this
  // request looked for an answer: the insert below then meets it and the twin's answer is replayed.
  const expired = (await records
    .db('idempotency_keys')
    .where({ user_id: userId, key })
    .where('created_at', '<=', now - IDEMPOTENCY_TTL_MS)
    .first('id')) as { id: number } | undefined;
  if (expired) await records.remove('idempotency_key', expired.id);
  try {
    return await records.insert('idempotency_key', {
      user: userId,
      key,
      request_hash: hash,
      status: PROCESSING,
      response: null,
      created_at: now,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'duplicate_value') throw new IdempotencyRace();
    throw error;
  }
}

/** Keeps the answer with its key, in the request's transaction: it exists exactly when the work committed. */
export async function storeAnswer(records: Records, claim: number, answer: Answer): Promise<void> {
  await records.update('idempotency_key', claim, {
    status: answer.status,
    response: answer.body === undefined ? null : JSON.stringify(answer.body),
  });
}

export async function purgeIdempotencyKeys(db: Knex, now: number): Promise<void> {
  // Housekeeping of private bookkeeping rows, not a change of any record: no audit entry.
  await db('idempotency_keys')
    .where('created_at', '<=', now - IDEMPOTENCY_TTL_MS)
    .delete();
}
