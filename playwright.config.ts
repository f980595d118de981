import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real portal: `npm start` builds the SPA and starts the API on port
 * 3100 (E2E_PORT overrides, so two checkouts can run their browser tests side by side) with a fresh
 * SQLite database (removed first, so the demo data is loaded anew each run), sending its e-mails
 * to the run's own SMTP server.
 * Debian's Chromium is used: Playwright cannot download its own browsers here.
 */
const PORT = Number(process.env['E2E_PORT'] ?? 3100);
/** The portal's database during the run; tests may read it (or stage states the UI cannot reach yet). */
export const E2E_DATABASE_FILE = `/tmp/hub-e2e-${PORT}.sqlite`;
const DATABASE_FILE = E2E_DATABASE_FILE;
/**
 * The portal sends e-mail through a real SMTP server the run starts first (tests/e2e/support/
 * mailCatcher.ts), which writes each message here for the tests to read (support/mailbox.ts).
 * Its port is far from the portal's, so checkouts running side by side on nearby ports never share one.
 */
const MAIL_PORT = PORT + 20000;
export const E2E_MAIL_DIR = `/tmp/hub-e2e-${PORT}-mail`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two cores shared with other work: one browser at a time keeps timings honest.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Screenshot baselines (tests/e2e/visual.spec.ts) without the platform in their name: the test font is
  // shipped with the tests, so one baseline serves every machine.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `npx tsx tests/e2e/support/mailCatcher.ts ${MAIL_PORT} ${E2E_MAIL_DIR}`,
      port: MAIL_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `rm -f ${DATABASE_FILE} ${DATABASE_FILE}-journal && npm start`,
      env: { PORT: String(PORT), DATABASE_URL: `sqlite://${DATABASE_FILE}`, SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`, MAIL_FROM: 'Reseller Hub <hub@example.test>' },
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
