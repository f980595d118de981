import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

/**
 * Browser tests against the real portal, split over two portals so that two browsers work at once
 * (the run took 28 minutes with one): each portal is `npm start` (which builds the SPA and the server
 * when they changed) with a fresh SQLite database of its own (removed first, so the demo data is
 * loaded anew each run) and a real SMTP server of its own. A group of test files runs one file at a
 * time against its portal (`workers: 1` per project), so within a group the tests share one database
 * in a fixed order, as they did when the whole suite ran in one browser.
 *
 * - `buying`: the store, baskets, checkout, orders, quotes, billing and after-sale (BUYING_FILES),
 *   and two files that would make the back office's browser the last to finish (BALANCING_FILES).
 *   Its portal first serves `visual` (tests/e2e/visual.spec.ts), the screenshot comparison, which
 *   runs before any other test changes the demo data, so its screens are the same every run.
 * - `backoffice`: every other file: the back office, the shell and menu, the generic lists.
 *
 * E2E_PORT (default 3100) is the first portal's port, the second's is one above it, so two
 * checkouts can run their browser tests side by side on ports two apart. Tests reach their
 * portal's database and mailbox through support/portal.ts. Debian's Chromium is used: Playwright
 * cannot download its own browsers here.
 */
const FIRST_PORT = Number(process.env['E2E_PORT'] ?? 3100);

/** What a test may need to know about the portal its project runs against. */
export interface E2ePortal {
  port: number;
  /** The portal's database during the run; tests may read it (or stage states the UI cannot reach yet). */
  databaseFile: string;
  /** Its SMTP server's port: far from the portals', so checkouts on nearby ports never share one. */
  mailPort: number;
  /** Where that SMTP server writes each message it receives (support/mailCatcher.ts, support/mailbox.ts). */
  mailDir: string;
}

function portal(slot: number): E2ePortal {
  const port = FIRST_PORT + slot;
  return { port, databaseFile: `/tmp/hub-e2e-${port}.sqlite`, mailPort: port + 20000, mailDir: `/tmp/hub-e2e-${port}-mail` };
}

const BUYING_PORTAL = portal(0);
const BACKOFFICE_PORTAL = portal(1);

/** The files of the buying group; every other file (but visual) is the back office's. */
const BUYING_FILES = [
  'store',
  'basketBuying',
  'baskets',
  'buyingFlow',
  'checkout',
  'checkoutWizard',
  'orders',
  'orderActions',
  'orderPages',
  'afterSale',
  'billing',
  'quoteDrafts',
  'quoteWizard',
  'quoteAccept',
  'actionForms',
].map((name) => `**/${name}.spec.ts`);
/**
 * Back-office files run by the buying group's browser, so that both browsers end at about the same
 * time: the back office's files took 544 s and the buying group's 344 s (2026-11-29, on a machine
 * twice as fast as CI's slowest), and the run waits for the later one. Neither depends on what the
 * back office's earlier files changed: one only reads (no raw id on any screen), the other starts
 * a portal of its own from a scratch copy of the project.
 */
const BALANCING_FILES = ['backofficeReferences', 'lowcode'].map((name) => `**/${name}.spec.ts`);
const VISUAL_FILES = ['**/visual.spec.ts'];

const chromium = {
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
};

function project(
  name: string,
  served: E2ePortal,
  files: Pick<NonNullable<PlaywrightTestConfig['projects']>[number], 'testMatch' | 'testIgnore' | 'dependencies'>,
) {
  return { name, workers: 1, metadata: { portal: served }, use: { ...chromium, baseURL: `http://localhost:${served.port}` }, ...files };
}

function webServers(served: E2ePortal): Extract<PlaywrightTestConfig['webServer'], unknown[]> {
  return [
    {
      command: `npx tsx tests/e2e/support/mailCatcher.ts ${served.mailPort} ${served.mailDir}`,
      port: served.mailPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // Started one after the other: the first builds what changed, the second finds the build fresh.
      command: `rm -f ${served.databaseFile} ${served.databaseFile}-journal && npm start`,
      env: {
        PORT: String(served.port),
        DATABASE_URL: `sqlite://${served.databaseFile}`,
        SMTP_URL: `smtp://127.0.0.1:${served.mailPort}`,
        MAIL_FROM: 'Reseller Hub <hub@example.test>',
        // The tests create and enable feeds at any hour, and a feed is due as soon as it is saved
        // (docs/feeds.md "The schedule"): a scheduled run beside a test's own Test, or a feed
        // e-mailed into the mailbox a test reads, would make what the tests count depend on the
        // clock. The scheduler is tested on both databases in server/modules/feeds/feedSchedule.test.ts.
        HUB_FEED_SCHEDULER: '0',
      },
      url: `http://localhost:${served.port}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One browser per portal: two at once on two cores, each group's files in a fixed order.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Screenshot baselines (tests/e2e/visual.spec.ts) without the platform in their name: the test font is
  // shipped with the tests, so one baseline serves every machine.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
  reporter: [['list']],
  // A trace records every action's screenshots and DOM, and cost half again the suite's time on two
  // cores (2.0 against 3.1 minutes for three files): taken only when asked (E2E_TRACE=1). A failure
  // still leaves its page snapshot (error-context.md) and a screenshot in test-results/.
  use: { trace: process.env['E2E_TRACE'] ? 'retain-on-failure' : 'off', screenshot: 'only-on-failure' },
  projects: [
    project('visual', BUYING_PORTAL, { testMatch: VISUAL_FILES }),
    // Both groups wait for `visual`, though only `buying` shares its portal: Playwright starts a
    // project's dependants only when every project of the earlier phase has ended, so a back office
    // without the dependency would run first and the buying group after it, one browser at a time.
    project('buying', BUYING_PORTAL, { testMatch: [...BUYING_FILES, ...BALANCING_FILES], dependencies: ['visual'] }),
    project('backoffice', BACKOFFICE_PORTAL, {
      testIgnore: [...BUYING_FILES, ...BALANCING_FILES, ...VISUAL_FILES],
      dependencies: ['visual'],
    }),
  ],
  webServer: [...webServers(BUYING_PORTAL), ...webServers(BACKOFFICE_PORTAL)],
});
