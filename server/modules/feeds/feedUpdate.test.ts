import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFeedPassword } from '../../db/secrets';
import type { Feed } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestServer } from '../../testing/testServer';

// PUT /feeds/{id} (002 §4, §5, §7): the whole feed, as its GET answered it.
describe('feed updates', () => {
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

  const read = async (id: number) => (await callers.root.get<Feed>(`/api/v1/feeds/${id}`)).body;
  const put = (id: number, body: unknown, client = callers.root) => client.send<Feed & Problem>('PUT', `/api/v1/feeds/${id}`, body);
  const auditOf = async (id: number) =>
    (
      await callers.root.get<{ action: string; field_changes: { field: string; old_value: string | null; new_value: string | null }[] }[]>(
        `/api/v1/feeds/${id}/audit_logs`,
      )
    ).body;

  it('takes back a GET record unchanged, writing nothing', async () => {
    const feed = await read(2);
    const before = (await auditOf(2)).length;
    const response = await put(2, feed);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual(feed);
    expect((await auditOf(2)).length).toBe(before);
  });

  it('saves the whole feed, columns in the order chosen, ignoring the server-owned fields', async () => {
    const feed = await read(2);
    const response = await put(2, {
      ...feed,
      name: 'Warehouse stock v2',
      columns: ['ean', 'name', 'price'],
      delimiter: 'COMMA',
      last_upload: '2001-01-01T00:00:00.000Z',
      id: 999,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 2,
      name: 'Warehouse stock v2',
      columns: ['ean', 'name', 'price'],
      delimiter: 'COMMA',
      last_upload: feed.last_upload,
    });
    expect(await read(2)).toEqual(response.body);
  });

  it('keeps the password when none is sent, changes it when one is, and audits it only as "changed"', async () => {
    const stored = async () =>
      openFeedPassword((await server.db('feeds').where('id', 2).first('delivery_password')).delivery_password as string);
    const before = await stored();
    const feed = await read(2);
    expect((await put(2, { ...feed, delivery_password: null, timeslot: 90 })).status).toBe(200);
    expect(await stored()).toBe(before);
    const secret = 'N3w-SFTP-pass';
    const response = await put(2, { ...feed, delivery_password: secret });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toContain(secret);
    expect(await stored()).toBe(secret);
    const [latest] = await auditOf(2);
    expect(latest!.field_changes).toContainEqual(
      expect.objectContaining({ field: 'delivery_password', old_value: 'changed', new_value: 'changed' }),
    );
    expect(JSON.stringify(await auditOf(2))).not.toContain(secret);
  });

  it('holds the rules of a new feed: slot, filename, delivery settings, a name free in the organisation', async () => {
    const feed = await read(2);
    expect((await put(2, { ...feed, timeslot: 45 })).body).toMatchObject({ code: 'feed_invalid_timeslot' });
    expect((await put(2, { ...feed, filename: '../x.csv' })).body).toMatchObject({ code: 'feed_invalid_filename' });
    expect((await put(2, { ...feed, delivery_method: 'EMAIL', delivery_email: null })).body).toMatchObject({
      code: 'feed_delivery_incomplete',
      parameter: 'delivery_email',
    });
    const sibling = (await callers.root.get<Feed[]>('/api/v1/feeds?organisation=2')).body.find((other) => other.id !== 2)!;
    const taken = await put(2, { ...feed, name: sibling.name.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate_value', parameter: 'name' });
  });

  it('keeps sitc_confirm once saved true, and the SITC filename for root admins only (002 §4)', async () => {
    const created = await callers.resellerAdmin.post<Feed>('/api/v1/feeds', {
      name: 'SITC rules',
      organisation: 2,
      timeslot: 0,
      delivery_method: 'SITC',
    });
    expect(created.status).toBe(201);
    const feed = created.body;
    expect(feed.sitc_filename).toBeNull();
    let saved = await put(feed.id, { ...feed, sitc_confirm: true, sitc_filename: 'mine.csv' }, callers.resellerAdmin);
    expect(saved.body).toMatchObject({ sitc_confirm: true, sitc_filename: null });
    saved = await put(feed.id, { ...saved.body, sitc_confirm: false }, callers.resellerAdmin);
    expect(saved.body.sitc_confirm).toBe(true);
    saved = await put(feed.id, { ...saved.body, sitc_filename: 'reseller partners.csv' });
    expect(saved.body.sitc_filename).toBe('reseller partners.csv');
    expect((await put(feed.id, { ...saved.body, sitc_filename: '' })).body).toMatchObject({
      code: 'feed_delivery_incomplete',
      parameter: 'sitc_filename',
    });
  });

  it('is refused outside the caller tree, and for callers without the feed guard', async () => {
    const supplierFeed = (await callers.root.get<Feed[]>('/api/v1/feeds?organisation=1')).body.find((feed) => feed.organisation?.id === 1)!;
    const full = await read(supplierFeed.id);
    expect((await put(supplierFeed.id, full, callers.resellerAdmin)).status).toBe(404);
    expect((await put(supplierFeed.id, full, callers.buyer)).status).toBe(403);
    const moved = await put(2, { ...(await read(2)), organisation: full.organisation }, callers.resellerAdmin);
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
  });
});
