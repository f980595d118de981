import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFeedPassword } from '../../db/secrets';
import type { Feed } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestServer } from '../../testing/testServer';

// POST /feeds (002 §2.10, §4, §5, §9).
describe('feed writes', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const email = (name: string, organisation = 2) => ({
    name,
    organisation,
    timeslot: 60,
    delivery_method: 'EMAIL',
    delivery_email: 'feeds@reseller.example',
  });
  const feedCount = async () => Number(((await server.db('feeds').count({ n: '*' })) as { n: unknown }[])[0]!.n);
  type Problem = { code: string; parameter?: string };

  it('creates a feed with the 002 §4 defaults and answers it without the password', async () => {
    const response = await callers.resellerAdmin.post<Feed>('/api/v1/feeds', email('Nightly prices'));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Nightly prices',
      organisation: { id: 2 },
      active: true,
      timeslot: 60,
      show_empty_stock: false,
      delivery_method: 'EMAIL',
      ftp_server_protocol: 'FTP',
      ftp_server_port: 21,
      sitc_confirm: false,
      columns: [],
      delimiter: 'COMMA',
      escape_method: 'QUOTED',
      show_headers: true,
    });
    const password = 'S3cret-of-the-FTP-feed';
    const ftp = await callers.root.post<Feed>('/api/v1/feeds', {
      name: 'Supplier FTP',
      organisation: 1,
      timeslot: 0,
      delivery_method: 'FTP',
      delivery_user: 'u',
      delivery_server: 'ftp.example',
      delivery_password: password,
    });
    expect(ftp.status).toBe(201);
    expect(ftp.body).not.toHaveProperty('delivery_password');
    expect(JSON.stringify((await callers.root.get(`/api/v1/feeds/${ftp.body.id}`)).body)).not.toContain(password);
    // Stored sealed (issue 10, finding 3): the row, and so the database files, never hold it in plain.
    const stored = (await server.db('feeds').where('id', ftp.body.id).first('delivery_password')).delivery_password as string;
    expect(stored).toMatch(/^hub1\.[0-9a-f]{8}\./);
    expect(openFeedPassword(stored)).toBe(password);
    if (server.kind === 'sqlite') {
      const file = server.url.replace('sqlite://', '');
      for (const suffix of ['', '-wal']) {
        if (existsSync(file + suffix)) expect(readFileSync(file + suffix).includes(password), `${suffix || 'database'} file`).toBe(false);
      }
    }
  });

  it('keeps names unique within an organisation, case-insensitively (409 duplicate_value)', async () => {
    const taken = await callers.resellerAdmin.post<Problem>('/api/v1/feeds', email('DAILY PRICE FILE'));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate_value', parameter: 'name' });
    expect((await callers.root.post('/api/v1/feeds', email('Daily price file', 1))).status).toBe(201);
  });

  it('refuses time slots off the half hour, or none', async () => {
    for (const timeslot of [45, 1, null]) {
      const response = await callers.root.post<Problem>('/api/v1/feeds', { ...email(`Slot ${String(timeslot)}`, 1), timeslot });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'feed_invalid_timeslot', parameter: 'timeslot' });
    }
    expect((await callers.root.post('/api/v1/feeds', { ...email('Late slot', 1), timeslot: 1440 })).status).toBe(400);
  });

  it('refuses filenames starting with two dots or holding " * / : < > ? \\ |', async () => {
    for (const filename of ['..up.csv', 'a"b.csv', 'a*b', 'a/b', 'a:b', 'a<b', 'a>b', 'a?b', 'a\\b', 'a|b']) {
      const response = await callers.root.post<Problem>('/api/v1/feeds', { ...email(`File ${filename}`, 1), filename });
      expect(response.status, filename).toBe(422);
      expect(response.body.code).toBe('feed_invalid_filename');
    }
    expect((await callers.root.post('/api/v1/feeds', { ...email('Dotted file', 1), filename: 'prices.v2..csv' })).status).toBe(201);
  });

  it('needs an e-mail for EMAIL and user, server and password for FTP', async () => {
    const noEmail = await callers.root.post<Problem>('/api/v1/feeds', { ...email('No mail', 1), delivery_email: null });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body).toMatchObject({ code: 'feed_delivery_incomplete', parameter: 'delivery_email' });
    const ftp = {
      name: 'Half FTP',
      organisation: 1,
      timeslot: 0,
      delivery_method: 'FTP',
      delivery_user: 'u',
      delivery_server: 'ftp.example',
      delivery_password: 'p',
    };
    for (const field of ['delivery_user', 'delivery_server', 'delivery_password'] as const) {
      const response = await callers.root.post<Problem>('/api/v1/feeds', { ...ftp, [field]: '' });
      expect(response.body).toMatchObject({ code: 'feed_delivery_incomplete', parameter: field });
    }
    expect((await callers.root.post('/api/v1/feeds', { ...ftp, ftp_server_port: 1 })).status).toBe(400);
    expect((await callers.root.post('/api/v1/feeds', { ...email('Bad mail', 1), delivery_email: 'not-an-email' })).status).toBe(400);
  });

  it('places feeds only in linked organisations of the caller tree', async () => {
    const unlinked = await callers.resellerAdmin.post<Problem>('/api/v1/feeds', email('Customer feed', 3));
    expect(unlinked.status).toBe(422);
    expect(unlinked.body).toMatchObject({ code: 'feed_organisation_not_linked', parameter: 'organisation' });
    const outside = await callers.resellerAdmin.post<Problem>('/api/v1/feeds', email('Supplier feed', 1));
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
  });

  it('holds an organisation to 10 feeds (409 max_feeds_reached)', async () => {
    const have = Number(((await server.db('feeds').where('organisation_id', 2).count({ n: '*' })) as { n: unknown }[])[0]!.n);
    for (let i = have; i < 10; i++) expect((await callers.resellerAdmin.post('/api/v1/feeds', email(`Filler ${i}`))).status).toBe(201);
    const count = await feedCount();
    const eleventh = await callers.resellerAdmin.post<Problem>('/api/v1/feeds', email('One too many'));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('max_feeds_reached');
    expect(await feedCount()).toBe(count);
  });

  it('is for root, or feed_configuration:manage with a linked account', async () => {
    expect((await callers.buyer.post('/api/v1/feeds', email('Buyer feed', 3))).status).toBe(403);
    expect((await callers.otherSales.post('/api/v1/feeds', email('Sales feed', 5))).status).toBe(403);
  });
});
