import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, FeedRun } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { closedPort, startFtpServer, startSftpServer, TEST_CERT_PATH, type FileServerUnderTest } from '../../testing/feedServers';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { deliverFile } from './delivery';

// 002 §7 Test feed and Download feed file against real servers on loopback (docs/feeds.md).
describe('feed delivery', () => {
  let server: TestServer;
  let callers: BackofficeCallers;
  let smtp: SmtpCatcher;
  let ftp: FileServerUnderTest;
  let ftpsExplicit: FileServerUnderTest;
  let ftpsImplicit: FileServerUnderTest;
  let sftp: Awaited<ReturnType<typeof startSftpServer>>;
  const saved = { ...process.env };
  type Problem = { code: string; message_key: string };

  beforeAll(async () => {
    [server, smtp, ftp, ftpsExplicit, ftpsImplicit, sftp] = await Promise.all([
      startTestServer(),
      startSmtpCatcher(),
      startFtpServer('none'),
      startFtpServer('explicit'),
      startFtpServer('implicit'),
      startSftpServer(),
    ]);
    callers = await signInBackofficeCallers(server);
    process.env['SMTP_URL'] = smtp.url;
    process.env['HUB_FEED_TLS_CA'] = TEST_CERT_PATH;
  });
  afterAll(async () => {
    process.env = saved;
    await Promise.all([server.close(), smtp.close(), ftp.close(), ftpsExplicit.close(), ftpsImplicit.close(), sftp.close()]);
  });

  let count = 0;
  // The reseller has room for 10 feeds (002 §9): each test's feeds are deleted after it.
  const made: number[] = [];
  const removeFeeds = async () => {
    for (const id of made.splice(0)) expect((await callers.root.send('DELETE', `/api/v1/feeds/${id}`)).status).toBe(204);
  };
  afterEach(removeFeeds);
  const createFeed = async (values: Record<string, unknown>) => {
    const response = await callers.root.post<Feed>('/api/v1/feeds', {
      name: `Delivery ${++count}`,
      organisation: 2,
      timeslot: 0,
      columns: ['name', 'price', 'stock'],
      filename: `prices-${count}-YYYYMMDDHHmmss.csv`,
      ...values,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    made.push(response.body.id);
    return response.body;
  };
  const toServer = (target: FileServerUnderTest, protocol: 'FTP' | 'FTPS' | 'SFTP', overrides: Record<string, unknown> = {}) => ({
    delivery_method: 'FTP',
    ftp_server_protocol: protocol,
    delivery_server: '127.0.0.1',
    ftp_server_port: target.port,
    delivery_user: target.user,
    delivery_password: target.password,
    ...overrides,
  });
  const test = (feed: Feed) => callers.root.post<FeedRun & Problem>(`/api/v1/feeds/${feed.id}/test`);
  const download = async (feed: Feed) => {
    const response = await callers.root.get(`/api/v1/feeds/${feed.id}/download`);
    expect(response.status).toBe(200);
    return response;
  };

  it('downloads the file the feed would deliver, named by its filename with the timestamp filled', async () => {
    const feed = await createFeed({ delivery_method: 'EMAIL', delivery_email: 'feeds@reseller.example' });
    const response = await download(feed);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`filename="prices-${count}-20\\d{12}\\.csv"`));
    expect(response.text.split('\r\n')[0]).toBe('"SKU","Name","Price (GBP)","Stock"');
    const unnamed = await createFeed({ delivery_method: 'EMAIL', delivery_email: 'feeds@reseller.example', filename: null });
    expect((await download(unnamed)).headers.get('content-disposition')).toMatch(/filename="20\d{12} - Hub Feed\.csv"/);
    expect((await callers.resellerAdmin.get(`/api/v1/feeds/${feed.id}/download`)).status).toBe(200);
    expect((await callers.otherSales.get(`/api/v1/feeds/${feed.id}/download`)).status).toBe(403);
  });

  it('e-mails the file as an attachment through the mail server', async () => {
    const feed = await createFeed({ delivery_method: 'EMAIL', delivery_email: 'feeds@reseller.example' });
    const before = smtp.received.length;
    const response = await test(feed);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ kind: 'TEST', outcome: 'SUCCESS', attempts: 1 });
    const mail = smtp.received[before]!;
    expect(mail.to).toEqual(['feeds@reseller.example']);
    expect(mail.data).toContain(`Product feed ${feed.name}`);
    const attachment =
      /Content-Transfer-Encoding: base64\r?\nContent-Disposition: attachment;[^\n]*\r?\n(?:[^\n]*\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        mail.data,
      );
    expect(attachment).not.toBeNull();
    const file = Buffer.from(attachment![1]!.replace(/\s/g, ''), 'base64');
    expect(file.equals(Buffer.from((await download(feed)).bytes))).toBe(true);
    expect(response.body.bytes).toBe(file.length);
  });

  for (const [label, protocol, target] of [
    ['FTP', 'FTP', () => ftp],
    ['FTPS with explicit TLS', 'FTPS', () => ftpsExplicit],
    ['SFTP', 'SFTP', () => sftp],
  ] as const) {
    it(`uploads by ${label} under a temporary name, renamed once whole: the file read back is the download, byte for byte`, async () => {
      const server_ = target();
      const feed = await createFeed(toServer(server_, protocol));
      const response = await test(feed);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const delivered = server_.files().filter((name) => name.startsWith(`prices-${count}-`));
      expect(delivered).toHaveLength(1);
      expect(server_.files().filter((name) => name.endsWith('.part'))).toEqual([]);
      expect(server_.read(delivered[0]!).equals(Buffer.from((await download(feed)).bytes))).toBe(true);
      // A second delivery replaces a file of the same name.
      await callers.root.send('PUT', `/api/v1/feeds/${feed.id}`, {
        ...(await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`)).body,
        filename: 'fixed.csv',
      });
      expect((await test(feed)).status).toBe(200);
      expect((await test(feed)).status).toBe(200);
      expect(server_.files().filter((name) => name === 'fixed.csv')).toHaveLength(1);
      const stored = await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`);
      expect(stored.body.last_upload).not.toBeNull();
      const runs = (await callers.root.get<FeedRun[]>(`/api/v1/feeds/${feed.id}/runs`)).body;
      expect(runs.map((run) => [run.kind, run.outcome])).toEqual([
        ['TEST', 'SUCCESS'],
        ['TEST', 'SUCCESS'],
        ['TEST', 'SUCCESS'],
      ]);
    });
  }

  it('uploads a SITC feed to the endpoint of the server settings under its SITC filename', async () => {
    const feed = await createFeed({ delivery_method: 'SITC', filename: null });
    expect(feed.sitc_filename).toBe('reseller partners uk ltd.csv');
    delete process.env['HUB_SITC_URL'];
    const unset = await test(feed);
    expect(unset.status).toBe(422);
    expect(unset.body.code).toBe('feed_sitc_not_configured');
    process.env['HUB_SITC_URL'] = `sftp://${sftp.user}:${sftp.password}@127.0.0.1:${sftp.port}/`;
    try {
      expect((await test(feed)).status).toBe(200);
      expect(sftp.read('reseller partners uk ltd.csv').equals(Buffer.from((await download(feed)).bytes))).toBe(true);
    } finally {
      delete process.env['HUB_SITC_URL'];
    }
  });

  it('speaks implicit TLS (the port 990 convention) to a server that is TLS from the first byte', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hub-feed-test-'));
    try {
      const path = join(folder, 'feed.csv');
      await writeFile(path, 'SKU\r\nA-1\r\n');
      const tls = { ca: readFileSync(TEST_CERT_PATH, 'utf8') };
      const server_ = {
        protocol: 'FTPS' as const,
        host: '127.0.0.1',
        port: ftpsImplicit.port,
        user: ftpsImplicit.user,
        password: ftpsImplicit.password,
      };
      await deliverFile(
        { kind: 'server', server: { ...server_, tlsMode: 'implicit' }, tls, knownHostKey: null },
        { path, name: 'implicit.csv', rows: 1 },
      );
      expect(ftpsImplicit.read('implicit.csv').toString()).toBe('SKU\r\nA-1\r\n');
      // A certificate no authority vouches for is refused.
      await expect(
        deliverFile(
          { kind: 'server', server: { ...server_, tlsMode: 'implicit' }, tls: {}, knownHostKey: null },
          { path, name: 'untrusted.csv', rows: 1 },
        ),
      ).rejects.toThrow();
      expect(ftpsImplicit.files()).not.toContain('untrusted.csv');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says why a delivery failed, in words a user understands, and leaves no file under the final name', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['FTP wrong password', toServer(ftp, 'FTP', { delivery_password: 'wrong' }), 'feed_login_refused'],
      ['SFTP wrong password', toServer(sftp, 'SFTP', { delivery_password: 'wrong' }), 'feed_login_refused'],
      ['refused connection', toServer(ftp, 'FTP', { ftp_server_port: await closedPort() }), 'feed_connection_refused'],
      ['unknown host', toServer(ftp, 'FTP', { delivery_server: 'no-such-host.invalid' }), 'feed_unknown_host'],
    ];
    for (const [label, values, code] of cases) {
      const feed = await createFeed(values);
      const response = await test(feed);
      expect(response.status, label).toBe(422);
      expect(response.body, label).toMatchObject({ code, message_key: `problem.${code}` });
      const stored = await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`);
      expect(stored.body.last_upload, label).toBeNull();
      // Recorded: a failed TEST run saying why.
      const runs = (await callers.root.get<FeedRun[]>(`/api/v1/feeds/${feed.id}/runs`)).body;
      expect(runs, label).toEqual([expect.objectContaining({ kind: 'TEST', outcome: 'FAILED', error: code, attempts: 1 })]);
      await removeFeeds();
    }
    for (const [target, protocol] of [
      [ftp, 'FTP'],
      [sftp, 'SFTP'],
    ] as const) {
      for (const [how, code] of [
        ['drop-mid-transfer', 'feed_transfer_failed'],
        ['disk-full', 'feed_disk_full'],
      ] as const) {
        const feed = await createFeed(toServer(target, protocol, { filename: `broken-${how}.csv` }));
        target.misbehave(how);
        try {
          const response = await test(feed);
          expect(response.status, `${protocol} ${how}`).toBe(422);
          expect(response.body.code, `${protocol} ${how}`).toBe(code);
        } finally {
          target.misbehave('none');
        }
        expect(target.files(), `${protocol} ${how}`).not.toContain(`broken-${how}.csv`);
        expect((await callers.root.get<FeedRun[]>(`/api/v1/feeds/${feed.id}/runs`)).body).toEqual([
          expect.objectContaining({ outcome: 'FAILED', error: code }),
        ]);
        // Half a file may stay behind under its temporary name when the server vanished mid-transfer.
        if (how === 'drop-mid-transfer') expect(target.files().some((name) => name.startsWith(`.broken-${how}.csv.`))).toBe(true);
        await removeFeeds();
      }
    }
  });

  it('records the SFTP host key at first use and refuses a server whose key changed', async () => {
    const feed = await createFeed(toServer(sftp, 'SFTP'));
    expect((await test(feed)).status).toBe(200);
    const recorded = (await server.db('feeds').where('id', feed.id).first('sftp_host_key')).sftp_host_key as string;
    expect(recorded).toMatch(/^[A-Za-z0-9+/]{43}$/);
    const impostor = await startSftpServer();
    try {
      const current = (await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`)).body;
      expect(
        (
          await callers.root.send('PUT', `/api/v1/feeds/${feed.id}`, {
            ...current,
            ftp_server_port: impostor.port,
            filename: 'impostor.csv',
          })
        ).status,
      ).toBe(200);
      const response = await test(feed);
      expect(response.status).toBe(422);
      expect((response.body as Problem).code).toBe('feed_host_key_changed');
      expect(impostor.files()).toEqual([]);
    } finally {
      await impostor.close();
    }
  });

  it('forgets a recorded host key on request (audited), so a server whose key legitimately changed is trusted again', async () => {
    const feed = await createFeed(toServer(sftp, 'SFTP'));
    const keySet = async () => (await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`)).body.sftp_host_key_set;
    expect(await keySet()).toBe(false);
    expect((await test(feed)).status).toBe(200);
    expect(await keySet()).toBe(true);
    const renewed = await startSftpServer();
    try {
      const current = (await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`)).body;
      expect((await callers.root.send('PUT', `/api/v1/feeds/${feed.id}`, { ...current, ftp_server_port: renewed.port })).status).toBe(200);
      expect((await test(feed)).body.code).toBe('feed_host_key_changed');
      // Only those who may manage the feed: a buyer is refused, another reseller does not see it.
      expect((await callers.buyer.post(`/api/v1/feeds/${feed.id}/forget_host_key`)).status).toBe(403);
      expect((await callers.otherSales.post(`/api/v1/feeds/${feed.id}/forget_host_key`)).status).toBe(403);
      const forgotten = await callers.resellerAdmin.post<Feed>(`/api/v1/feeds/${feed.id}/forget_host_key`);
      expect(forgotten.status).toBe(200);
      expect(forgotten.body.sftp_host_key_set).toBe(false);
      const [entry] = (
        await callers.root.get<
          { action: string; field_changes: { field: string; old_value: string | null; new_value: string | null }[] }[]
        >(`/api/v1/feeds/${feed.id}/audit_logs`)
      ).body;
      expect(entry).toMatchObject({
        action: 'FORGET_HOST_KEY',
        field_changes: [expect.objectContaining({ field: 'sftp_host_key', old_value: 'changed', new_value: null })],
      });
      expect((await test(feed)).status).toBe(200);
      expect(renewed.files()).toHaveLength(1);
      const recorded = (await server.db('feeds').where('id', feed.id).first('sftp_host_key')).sftp_host_key as string;
      expect(recorded).toMatch(/^[A-Za-z0-9+/]{43}$/);
      // The new key is the one kept now: the first server, back with its old key, is refused.
      const again = (await callers.root.get<Feed>(`/api/v1/feeds/${feed.id}`)).body;
      expect((await callers.root.send('PUT', `/api/v1/feeds/${feed.id}`, { ...again, ftp_server_port: sftp.port })).status).toBe(200);
      expect((await test(feed)).body.code).toBe('feed_host_key_changed');
    } finally {
      await renewed.close();
    }
  });
});
