import type { Context } from 'koa';
import type { Knex } from 'knex';
import { DomainError } from '../domain/errors';
import { entities, type EntityName } from '../generated/entities';
import { dataVersionsRead, versionsReadAlong } from '../db/transactionGenerations';
import { readWithExtra } from '../db/readTogether';
import { lockRowQuery } from '../reads/genericList';
import { genericMetaIfAny } from '../reads/recordParts';
import { checkedKey, claimKey, IdempotencyRace, requestHash, storeAnswer, storedAnswer, type Answer } from '../writes/idempotency';
import { inTransaction } from '../writes/records';
import { RecordedRefusal } from '../writes/recordedRefusal';
import { etagOf, tagListMatches } from './etag';
import { checkFixed } from './roundTrip';
import type { OperationDef, RequestContext } from './operationDef';
import { onPostgres } from '../db/dialect';

/** What the router hands a write: the operation's own run, and how to read a record as the caller would. */
export interface WriteSteps {
  /** The path's {id}, when the write is under a record. */
  recordId: number | undefined;
  run(context: RequestContext): Promise<unknown>;
  /** The record's get operation run for the caller (its answer is what the ETag hashes). */
  readRecord(getOperationId: string, id: number, context: RequestContext): Promise<unknown>;
  /** Fields the body sent that it may only send as the record shows them (server/http/roundTrip.ts). */
  fixed?: Record<string, unknown>;
  answerOf(result: unknown): Answer;
}

/**
 * A write request (any method but GET, for a signed-in caller) in one transaction: everything it
 * changes, its audit entries, its outbox messages and its idempotency record commit together or
 * not at all. Before the handler runs, the record it writes (operation.record) is locked on
 * PostgreSQL, and If-Match is compared with the record's ETag as the caller reads it (412
 * stale_record when someone changed it since). A POST with an Idempotency-Key answers a retry
 * with the first answer.
 */
export async function runWrite(ctx: Context, db: Knex, operation: OperationDef, base: RequestContext, steps: WriteSteps): Promise<Answer> {
  const userId = base.user!.id;
  // A file answer (an export) creates nothing, and a replay could not restore its headers: retried, it is made again.
  const key = operation.method === 'post' && !operation.file ? checkedKey(ctx.get('idempotency-key') || undefined) : undefined;
  const hash = requestHash(ctx.method, ctx.path, ctx.request.body);
  const ifMatch = ctx.get('if-match');
  try {
    // inTransaction settles the Records (audit entries, data versions) before it commits.
    return await inTransaction(db, base.actor, async (records) => {
      const trx = records.db;
      const context: RequestContext = { ...base, db: trx, records };
      const now = context.now();
      let claim: number | undefined;
      if (key) {
        const replay = await storedAnswer(trx, userId, key, hash, now);
        if (replay) return replay;
        claim = await claimKey(context.records, userId, key, hash, now);
      }
      if (operation.record && steps.recordId !== undefined)
        await checkPrecondition(trx, operation.record, steps.recordId, ifMatch, context, steps);
      if (steps.fixed && Object.keys(steps.fixed).length > 0) {
        // Fields the body may carry only as the record shows them (records round-trip).
        const current =
          operation.record && steps.recordId !== undefined ? await steps.readRecord(operation.record.get, steps.recordId, context) : {};
        checkFixed(steps.fixed, current);
      }
      const answer = steps.answerOf(await steps.run(context));
      if (claim !== undefined) await storeAnswer(context.records, claim, answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof RecordedRefusal) await inTransaction(db, base.actor, error.record);
    if (!(error instanceof IdempotencyRace) || !key) throw error;
    // The same request committed first, side by side: its answer is this one's too.
    const replay = await storedAnswer(db, userId, key, hash, base.now());
    if (!replay) throw error;
    return replay;
  }
}

async function checkPrecondition(
  trx: Knex,
  record: NonNullable<OperationDef['record']>,
  id: number,
  ifMatch: string,
  context: RequestContext,
  steps: WriteSteps,
): Promise<void> {
  // Writers of one record queue here on PostgreSQL, so a check and its write are never split by another.
  if (onPostgres(trx)) await lockRecord(trx, record, id, context);
  if (!ifMatch) return;
  const current = await steps.readRecord(record.get, id, context);
  if (!tagListMatches(ifMatch, etagOf(current)))
    throw new DomainError('stale', 'stale_record', { detail: 'the record changed since it was read' });
}

/**
 * Locks the record's row. Where its get operation is generic, the lock is the read of the row in
 * the caller's scope, kept for the handler (RequestContext.locked): one statement, not a lock and
 * then a read, for a write that reads its record first (an order action, the checkout). A row
 * outside the scope is locked all the same, by id, and the handler answers 404 by its own read.
 * The transaction's data versions are read in the same round trip (after the lock, so after any
 * wait for it): the caches a write reads through (the catalogue a checkout prices from, the look of
 * an order's e-mails, server/db/transactionGenerations.ts) then make no statement of their own.
 */
async function lockRecord(trx: Knex, record: NonNullable<OperationDef['record']>, id: number, context: RequestContext): Promise<void> {
  const meta = genericMetaIfAny(record.get);
  const scoped = meta ? lockRowQuery(trx, meta, { params: { id }, query: {}, user: context.user }) : undefined;
  const byId = () =>
    trx(entities[record.entity as EntityName].table)
      .where('id', id)
      .forUpdate()
      .select('id');
  const [rows, versions] = await readWithExtra(trx, scoped ?? byId(), dataVersionsRead(trx));
  if (versions) versionsReadAlong(context.records, versions);
  const row = rows[0];
  if (meta && scoped && row) context.locked = { meta, id, row };
  else if (scoped && !row) await byId();
}
