import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpCatcher } from '../../../server/testing/smtpCatcher';

/**
 * The browser tests' mail server (a Playwright webServer, started before the portal, which sends
 * to it through SMTP_URL): a real SMTP server that writes each message it receives to a folder as
 * JSON, where the tests read it back (tests/e2e/support/mailbox.ts). Usage: mailCatcher.ts <port> <folder>.
 */
const [port, folder] = process.argv.slice(2);
if (!port || !folder) throw new Error('usage: mailCatcher.ts <port> <folder>');
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
let count = 0;
const catcher = await startSmtpCatcher({
  port: Number(port),
  onMessage: (mail) => {
    count += 1;
    writeFileSync(join(folder, `${String(count).padStart(6, '0')}.json`), JSON.stringify(mail));
  },
});
process.stdout.write(`mail catcher at ${catcher.url}, writing to ${folder}\n`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
