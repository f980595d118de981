import { createApp } from './app';
import { connect, DEFAULT_DATABASE_URL, migrate, refreshStatistics } from './db/connect';
import { seedDemoIfEmpty, DEMO_LOGINS } from './cli/demo';
import { purgeExpired } from './modules/auth/sessions';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIL_TOPIC, mailFileHandler, mailHandler } from './integrations/mail';
import { purgeIdempotencyKeys } from './writes/idempotency';
import { OutboxDispatcher, type OutboxHandler } from './writes/outbox';

const port = Number(process.env['PORT'] ?? 3000);
const databaseUrl = process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const db = connect(databaseUrl);
await migrate(db);
const seeded = await seedDemoIfEmpty(db);
await refreshStatistics(db);
await purgeExpired(db, Date.now());
const housekeeping = setInterval(() => {
  const now = Date.now();
  void Promise.all([purgeExpired(db, now), purgeIdempotencyKeys(db, now)]).catch((error) => console.error('purge failed', error));
}, 3600_000);
housekeeping.unref();

// E-mails leave through SMTP_URL; without it they are written as .eml files under data/mail.
const smtpUrl = process.env['SMTP_URL'];
const mailFrom = process.env['MAIL_FROM'] ?? 'Reseller Hub <no-reply@localhost>';
const mailFolder = process.env['MAIL_DIR'] ?? join(dirname(fileURLToPath(import.meta.url)), '../data/mail');
const handlers: Record<string, OutboxHandler> = { [MAIL_TOPIC]: smtpUrl ? mailHandler(smtpUrl, mailFrom) : mailFileHandler(mailFolder, mailFrom) };
const outbox = new OutboxDispatcher(db, handlers);
outbox.start();

const server = createApp(db, { outbox }).listen(port, () => {
  console.log(`Reseller Hub is running at http://localhost:${port}`);
  console.log(`Database: ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}${seeded ? ' (demo data loaded)' : ''}`);
  console.log('Demo logins (password "demo-password"):');
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(28)} ${login.role}`);
  if (!smtpUrl) console.log(`E-mail: SMTP_URL is not set; e-mails are written to ${mailFolder}`);
});

function shutdown() {
  server.close(() => void outbox.stop().then(() => db.destroy()).then(() => process.exit(0)));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
