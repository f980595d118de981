import { createApp } from './app';
import { connect, DEFAULT_DATABASE_URL, migrate, refreshStatistics } from './db/connect';
import { seedDemoIfEmpty, DEMO_LOGINS } from './cli/demo';
import { purgeExpired } from './modules/auth/sessions';

const port = Number(process.env['PORT'] ?? 3000);
const databaseUrl = process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const db = connect(databaseUrl);
await migrate(db);
const seeded = await seedDemoIfEmpty(db);
await refreshStatistics(db);
await purgeExpired(db, Date.now());
const housekeeping = setInterval(() => void purgeExpired(db, Date.now()).catch((error) => console.error('purge failed', error)), 3600_000);
housekeeping.unref();

const server = createApp(db).listen(port, () => {
  console.log(`Reseller Hub is running at http://localhost:${port}`);
  console.log(`Database: ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}${seeded ? ' (demo data loaded)' : ''}`);
  console.log('Demo logins (password "demo-password"):');
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(28)} ${login.role}`);
});

function shutdown() {
  server.close(() => void db.destroy().then(() => process.exit(0)));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
