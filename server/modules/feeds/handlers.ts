import type { Handler } from '../../http/operationDef';
import { genericGet } from '../../reads/genericList';
import type { Feed, FeedRun } from '../../generated/types';
import { DomainError } from '../../domain/errors';
import { signedIn } from '../auth/signedIn';
import { RecordedRefusal } from '../../writes/recordedRefusal';
import { genericMetaOf, visibleRecord } from '../../reads/recordParts';
import { decodeRow } from '../../db/codec';
import { feedCsvStream } from './csvEngine';
import { buildAndDeliver, feedSettingsFrom, loadFeed } from './feedRunner';
import { DeliveryFailure } from './delivery';
import { feedFileName, knownTimezone } from './feedTime';
import { insertFeed, updateFeed as saveFeed } from './service';
import { RUN_FIELDS } from './runs';

/** A new feed (002 §2.10 feeds/new) under insertFeed's rules, answered as getFeed shows it (no password). */
export const createFeed: Handler<'createFeed'> = async ({ body }, context) => {
  const user = signedIn(context);
  const id = await insertFeed(context.records, user, body);
  return (await genericGet(context.db, genericMetaOf('getFeed'), { params: { id }, query: {}, user })) as Feed;
};

/** PUT /feeds/{id} (002 §7): the whole feed, under updateFeed's rules; answered as getFeed shows it. */
export const updateFeed: Handler<'updateFeed'> = async ({ params, body }, context) => {
  const user = signedIn(context);
  await visibleRecord('getFeed', params.id, context);
  await saveFeed(context.records, user, params.id, body);
  return (await genericGet(context.db, genericMetaOf('getFeed'), { params: { id: params.id }, query: {}, user })) as Feed;
};

/**
 * GET /feeds/{id}/download (002 §7): the file the feed would deliver now, streamed as it is built
 * from the database, named as a delivery would name it with the timestamp in the caller's timezone.
 */
export const downloadFeed: Handler<'downloadFeed'> = async ({ params }, context) => {
  const user = signedIn(context);
  await visibleRecord('getFeed', params.id, context);
  const feed = await loadFeed(context.db, params.id);
  if (!feed) throw new DomainError('not_found', 'not_found');
  const { stream } = await feedCsvStream(context.db, feed);
  return { content: stream, fileName: feedFileName(feed, context.now(), knownTimezone(user.timezone)), contentType: 'text/csv' };
};

/**
 * POST /feeds/{id}/test (002 §7): builds the file and delivers it now by the feed's method. A
 * success is recorded as a TEST run and sets last_upload (and the SFTP host key met first); a
 * failure is a 422 whose code says why, recorded as a failed TEST run.
 */
export const testFeed: Handler<'testFeed'> = async ({ params }, context) => {
  const user = signedIn(context);
  await visibleRecord('getFeed', params.id, context);
  const feed = await loadFeed(context.db, params.id);
  if (!feed) throw new DomainError('not_found', 'not_found');
  const started = context.now();
  try {
    const delivered = await buildAndDeliver(context.db, feed, feedSettingsFrom(), started, knownTimezone(user.timezone));
    const finished = Date.now();
    const runId = await context.records.insert('feed_run', {
      feed: feed.id,
      kind: 'TEST',
      slot: null,
      started_at: new Date(started).toISOString(),
      finished_at: new Date(finished).toISOString(),
      outcome: 'SUCCESS',
      attempts: 1,
      bytes: delivered.bytes,
      rows: delivered.rows,
    });
    await context.records.update('feed', feed.id, {
      last_upload: new Date(finished).toISOString(),
      ...(delivered.hostKey && feed.sftp_host_key === null && { sftp_host_key: delivered.hostKey }),
    });
    const row = (await context.db('feed_runs').where('id', runId).first()) as Record<string, unknown>;
    return decodeRow<FeedRun>('feed_run', row, RUN_FIELDS);
  } catch (error) {
    if (!(error instanceof DeliveryFailure)) throw error;
    const finished = Date.now();
    // Answered as a problem saying why, and recorded as a failed run once the rollback is done.
    throw new RecordedRefusal('unprocessable', error.code, { detail: error.detail }, async (records) => {
      await records.insert('feed_run', {
        feed: feed.id,
        kind: 'TEST',
        slot: null,
        started_at: started,
        finished_at: finished,
        outcome: 'FAILED',
        attempts: 1,
        error: error.code,
        error_detail: error.detail.slice(0, 500),
      });
    });
  }
};
