import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, FeedOrganisation, FeedRow } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';

// What the feed page and the feeds list read beyond the feed itself (002 §2.10, §5; docs/feeds.md):
// the organisations a feed may be given with their feed counts, each row's latest run, whether a
// password is stored, and a SITC feed's filename and readiness at creation.
describe('feed page data', () => {
  let server: TestServer;
  let callers: BackofficeCallers;
  type Problem = { code: string; parameter?: string };

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const storedCounts = async () => {
    const rows = (await server.db('feeds').groupBy('organisation_id').select('organisation_id').count({ n: '*' })) as {
      organisation_id: number;
      n: number | string;
    }[];
    return new Map(rows.map((row) => [Number(row.organisation_id), Number(row.n)]));
  };

  it("offers the caller's linked organisations with how many feeds each has (002 §5 max_feeds_reached)", async () => {
    const counts = await storedCounts();
    const root = (await callers.root.get<FeedOrganisation[]>('/api/v1/feeds/organisations?is_linked=true')).body;
    const linked = (await server.db('organisations').where('is_linked', true).orderBy('id').pluck('id')).map(Number);
    expect(root.map((organisation) => organisation.id).sort((a, b) => a - b)).toEqual(linked);
    for (const organisation of root) expect(organisation.feed_count, organisation.name).toBe(counts.get(organisation.id) ?? 0);
    expect(root.find((organisation) => organisation.id === 2)).toMatchObject({
      name: 'Reseller Partners UK Ltd',
      feed_count: 3,
      depth: 1,
      parent: 1,
    });

    // The reseller's admin sees its own tree only; a buyer may not ask.
    const reseller = (await callers.resellerAdmin.get<FeedOrganisation[]>('/api/v1/feeds/organisations?is_linked=true')).body;
    expect(reseller.map((organisation) => organisation.id)).not.toContain(1);
    expect(reseller.map((organisation) => organisation.id)).toContain(2);
    expect((await callers.buyer.get('/api/v1/feeds/organisations')).status).toBe(403);
  });

  it("shows each list row's latest run, scheduled or a Test, and none for a feed that never ran", async () => {
    const at = (iso: string) => new Date(iso).getTime();
    await inTransaction(server.db, SYSTEM_ACTOR, async (records) => {
      await records.insert('feed_run', {
        feed: 1,
        kind: 'TEST',
        slot: null,
        started_at: at('2026-11-20T06:00:00Z'),
        finished_at: at('2026-11-20T06:00:02Z'),
        outcome: 'SUCCESS',
        attempts: 1,
        bytes: 10,
        rows: 1,
      });
      await records.insert('feed_run', {
        feed: 1,
        kind: 'SCHEDULED',
        slot: at('2026-11-21T06:00:00Z'),
        started_at: at('2026-11-21T06:00:00Z'),
        finished_at: at('2026-11-21T06:16:00Z'),
        outcome: 'FAILED',
        attempts: 4,
        error: 'feed_timeout',
      });
      await records.insert('feed_run', {
        feed: 1,
        kind: 'TEST',
        slot: null,
        started_at: at('2026-11-19T06:00:00Z'),
        outcome: 'SUCCESS',
        attempts: 1,
      });
      // Two runs started the same instant: the later written is the latest.
      await records.insert('feed_run', {
        feed: 3,
        kind: 'TEST',
        slot: null,
        started_at: at('2026-11-22T09:00:00Z'),
        outcome: 'FAILED',
        attempts: 1,
        error: 'feed_sitc_not_configured',
      });
      await records.insert('feed_run', {
        feed: 3,
        kind: 'TEST',
        slot: null,
        started_at: at('2026-11-22T09:00:00Z'),
        finished_at: at('2026-11-22T09:00:01Z'),
        outcome: 'SUCCESS',
        attempts: 1,
      });
    });
    const rows = (await callers.root.get<FeedRow[]>('/api/v1/feeds?per_page=1000')).body;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(1)!.last_run).toMatchObject({
      kind: 'SCHEDULED',
      outcome: 'FAILED',
      started_at: '2026-11-21T06:00:00.000Z',
      finished_at: '2026-11-21T06:16:00.000Z',
      error: 'feed_timeout',
    });
    expect(byId.get(3)!.last_run).toMatchObject({ kind: 'TEST', outcome: 'SUCCESS', finished_at: '2026-11-22T09:00:01.000Z', error: null });
    expect(byId.get(5)!.last_run).toBeNull();
    // A page of one row carries its own latest run, not another feed's.
    const one = (await callers.root.get<FeedRow[]>('/api/v1/feeds?name=Daily')).body;
    expect(one.map((row) => [row.id, row.last_run?.outcome])).toEqual([[1, 'FAILED']]);
  });

  it('says whether a delivery password is stored, never what it is', async () => {
    const ftp = (await callers.root.get<Feed>('/api/v1/feeds/2')).body;
    expect(ftp.delivery_password_set).toBe(true);
    expect(ftp).not.toHaveProperty('delivery_password');
    expect((await callers.root.get<Feed>('/api/v1/feeds/1')).body.delivery_password_set).toBe(false);
    // A blank password typed with an e-mail feed is no password.
    const created = await callers.resellerAdmin.post<Feed>('/api/v1/feeds', {
      name: 'Blank password',
      organisation: 2,
      timeslot: 60,
      delivery_email: 'feeds@reseller.example',
      delivery_password: '   ',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.delivery_password_set).toBe(false);
    expect((await callers.root.send('DELETE', `/api/v1/feeds/${created.body.id}`)).status).toBe(204);
  });

  it("names a new SITC feed's file after its organisation, or as a root admin chose; others' choice is removed (002 §4)", async () => {
    const sitc = { organisation: 2, timeslot: 0, delivery_method: 'SITC' };
    const made: number[] = [];
    const create = async (client: keyof BackofficeCallers, values: Record<string, unknown>) => {
      const response = await callers[client].post<Feed & Problem>('/api/v1/feeds', { ...sitc, ...values });
      if (response.status === 201) made.push(response.body.id);
      return response;
    };
    try {
      const reseller = await create('resellerAdmin', { name: 'SITC by reseller', sitc_filename: 'mine.csv', sitc_confirm: true });
      expect(reseller.status, JSON.stringify(reseller.body)).toBe(201);
      expect(reseller.body).toMatchObject({ sitc_filename: null, sitc_confirm: true });
      expect((await create('root', { name: 'SITC by root, default' })).body).toMatchObject({
        sitc_filename: 'reseller partners uk ltd.csv',
        sitc_confirm: false,
      });
      expect((await create('root', { name: 'SITC by root, own', sitc_filename: 'partners-stock.csv' })).body.sitc_filename).toBe(
        'partners-stock.csv',
      );
      const blank = await create('root', { name: 'SITC by root, blank', sitc_filename: ' ' });
      expect(blank.status).toBe(422);
      expect(blank.body).toMatchObject({ code: 'feed_delivery_incomplete', parameter: 'sitc_filename' });
    } finally {
      for (const id of made) expect((await callers.root.send('DELETE', `/api/v1/feeds/${id}`)).status).toBe(204);
    }
  });
});
