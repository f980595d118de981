import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from './app';
import { runCluster } from './cluster';
import { connect, DEFAULT_DATABASE_URL, migrate, refreshStatistics } from './db/connect';
import { dataDirectory, loadKeyRing, resealAll, useKeyRing } from './db/secrets';
import { seedDemoIfEmpty, DEMO_LOGINS } from './cli/demo';
import { gracefulShutdown } from './http/gracefulShutdown';
import { purgeExpired } from './modules/auth/sessions';
import { settingsFrom } from './settings';
import { join } from 'node:path';
import { MAIL_TOPIC, mailFileHandler, mailHandler, mailSettingsFrom } from './integrations/mail';
import { feedSettingsFrom } from './modules/feeds/feedRunner';
import { FeedScheduler } from './modules/feeds/runs';
import { purgeIdempotencyKeys } from './writes/idempotency';
import { OutboxDispatcher, type OutboxHandler } from './writes/outbox';
import { QuoteExpiryJob } from './modules/quotes/quoteExpiry';

const settings = settingsFrom();
const databaseUrl = process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
// The primary of a cluster has made sure of the key file before forking: every worker reads the same.
const ring = loadKeyRing();
useKeyRing(ring);
// E-mails leave through SMTP_URL; without it they are written as .eml files under the data folder's
// mail/ (HUB_DATA_DIR, else data/), or MAIL_DIR.
const { smtpUrl, from: mailFrom, folder: mailFolder } = mailSettingsFrom(process.env, join(dataDirectory(), 'mail'));

interface Prepared {
  seeded: boolean;
  sealed: number;
  resealed: number;
}

/** The start-up log: where the portal listens, its database, and what a first start did. */
function announce(port: number, prepared: Prepared): void {
  const shown =
    settings.host === '0.0.0.0' || settings.host === '::'
      ? 'localhost'
      : settings.host.includes(':')
        ? `[${settings.host}]`
        : settings.host;
  const lines = [
    `Reseller Hub is running at http://${shown}:${port} (listening on ${settings.host}${settings.processes > 1 ? `, ${settings.processes} server processes` : ''})`,
    `Database: ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}${prepared.seeded ? ' (demo data loaded)' : ''}`,
  ];
  if (prepared.sealed + prepared.resealed > 0)
    lines.push(`Secrets: ${prepared.sealed} sealed, ${prepared.resealed} re-sealed under key ${ring.current.id}`);
  // A production log is read by more people than the operator: no published password in it.
  if (settings.production) {
    if (prepared.seeded) lines.push('Demo users were loaded (README): change their passwords or disable them before real use.');
  } else {
    lines.push('Demo logins (password "demo-password"):', ...DEMO_LOGINS.map((login) => `  ${login.email.padEnd(28)} ${login.role}`));
  }
  if (!smtpUrl) lines.push(`E-mail: SMTP_URL is not set; e-mails are written to ${mailFolder}`);
  console.log(lines.join('\n'));
}

/** Once per start, before any process serves: the schema, the demo data, secrets under the current key. */
async function prepare(db: Knex): Promise<Prepared> {
  await migrate(db);
  const seeded = await seedDemoIfEmpty(db);
  // Values stored plain before sealing existed, or under a key no longer current (docs/secrets.md).
  const secrets = await resealAll(db, ring);
  await refreshStatistics(db);
  await purgeExpired(db, Date.now());
  return { seeded, sealed: secrets.sealed, resealed: secrets.resealed };
}

if (cluster.isPrimary && settings.processes > 1) {
  const db = connect(databaseUrl);
  const prepared = await prepare(db);
  await db.destroy();
  // The file Node runs as the server: `npm start` names its build (scripts/start.js loads it in its own process).
  runCluster(settings.processes, process.env['HUB_SERVER_ENTRY'] ?? process.argv[1]!, (port) => announce(port, prepared));
} else {
  const db = connect(databaseUrl);
  // A cluster's worker finds the database prepared by its primary.
  const prepared = cluster.isWorker ? undefined : await prepare(db);
  serve(db, prepared);
}

function serve(db: Knex, prepared: Prepared | undefined): void {
  const housekeeping = setInterval(() => {
    const now = Date.now();
    void Promise.all([purgeExpired(db, now), purgeIdempotencyKeys(db, now)]).catch((error) => console.error('purge failed', error));
  }, 3600_000);
  housekeeping.unref();

  const handlers: Record<string, OutboxHandler> = {
    [MAIL_TOPIC]: smtpUrl ? mailHandler(smtpUrl, mailFrom) : mailFileHandler(mailFolder, mailFrom),
  };
  const outbox = new OutboxDispatcher(db, handlers);
  outbox.start();
  // Product feeds run at their time slots (docs/feeds.md); every process may run one: a slot's run
  // row is unique, so whichever inserts it delivers it. HUB_FEED_SCHEDULER=0 leaves this process out.
  const feedScheduler = process.env['HUB_FEED_SCHEDULER'] === '0' ? undefined : new FeedScheduler(db, { settings: feedSettingsFrom() });
  feedScheduler?.start();

  // Published quotes past their expiry date become EXPIRED, and recipients are warned before (docs/quotes.md "Expiry").
  const quoteExpiry = new QuoteExpiryJob(db, {
    warningDays: settings.quoteExpiryWarningDays,
    afterRun: (run) => run.warned.length > 0 && outbox.kick(),
  });
  quoteExpiry.start();

  const server = createApp(db, { outbox }).listen(settings.port, settings.host, () => {
    if (prepared) announce((server.address() as AddressInfo).port, prepared);
  });
  // Clients that send their request slowly are cut off instead of holding a connection for minutes.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  const stop = gracefulShutdown(server);

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight (at most ${settings.shutdownTimeoutMs} ms), then stopping`);
    clearInterval(housekeeping);
    await stop(settings.shutdownTimeoutMs);
    await quoteExpiry.stop();
    await outbox.stop();
    await feedScheduler?.stop();
    await db.destroy();
    console.log('stopped');
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
