/**
 * What the browser downloads (issues 11 and 19: the public store's first load ≤ 200 KB of
 * JavaScript after compression, with no AG Grid code in it; what a list screen adds, the grid's
 * chunk with it, ≤ 200 KB): Chromium opens the public store, then a signed-in list screen (the
 * grid's chunk with it), then a tree list screen, on the built client (run `npx vite build` or
 * `npm start` first), and the script prints each JavaScript file with its transferred (compressed)
 * and decoded size, and whether the first load holds any AG Grid code.
 *
 *   npx tsx bench/client-size.ts
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from '@playwright/test';
import { connect, migrate } from '../server/db/connect';
import { seedDemoCheaply } from './support/ceiling';
import { startServer } from './support/pinned';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const file = join(tmpdir(), `bench-client-${process.pid}.sqlite`);
const db = connect(`sqlite://${file}`);
await migrate(db);
await seedDemoCheaply(db);
await db.destroy();
const server = await startServer(['portal', `sqlite://${file}`]);
const base = `http://127.0.0.1:${server.port}`;

interface Loaded {
  url: string;
  transferred: number;
  decoded: number;
}

/**
 * The JavaScript a navigation loads until `ready` shows (its lazy chunks included), as the browser
 * received it (brotli: Chromium asks for it); decoded sizes are the built files' own.
 */
async function scriptsOf(page: Page, navigate: () => Promise<unknown>, ready: Locator): Promise<Loaded[]> {
  const seen: Promise<Loaded>[] = [];
  const listener = (response: import('@playwright/test').Response) => {
    const url = new URL(response.url()).pathname;
    if (!/\.js$/.test(url)) return;
    seen.push(
      (async () => {
        const sizes = await response.request().sizes();
        return { url, transferred: sizes.responseBodySize, decoded: statSync(join(DIST, url)).size };
      })(),
    );
  };
  page.on('response', listener);
  await navigate();
  await ready.first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return Promise.all(seen);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function print(title: string, scripts: Loaded[]): void {
  console.log(`\n${title}`);
  for (const script of scripts.sort((a, b) => b.transferred - a.transferred))
    console.log(`  ${script.url.padEnd(48)} ${kb(script.transferred).padStart(10)} compressed ${kb(script.decoded).padStart(10)} decoded`);
  const sum = (key: 'transferred' | 'decoded') => scripts.reduce((total, script) => total + script[key], 0);
  console.log(`  ${'total'.padEnd(48)} ${kb(sum('transferred')).padStart(10)} compressed ${kb(sum('decoded')).padStart(10)} decoded`);
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const store = await scriptsOf(page, () => page.goto(`${base}/public/webstore`), page.getByTestId('pagination'));
  print('first load of the public store (/public/webstore)', store);
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail address').fill('admin@supplier.example');
  await page.getByLabel('Password').fill('demo-password');
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Log in' }).click()]);
  const known = new Set(store.map((script) => script.url));
  const gridCode = store.filter((script) => /ag-grid|ag-root-wrapper|AgGridReact/.test(readFileSync(join(DIST, script.url), 'utf8')));
  console.log(`  AG Grid code in the first load: ${gridCode.length === 0 ? 'none' : gridCode.map((script) => script.url).join(', ')}`);
  const list = await scriptsOf(
    page,
    () => page.goto(`${base}/webstore/orders`),
    page.locator('.list-view [role="gridcell"]').getByRole('link'),
  );
  print(
    'then a list screen (/webstore/orders): what it adds',
    list.filter((script) => !known.has(script.url)),
  );
  for (const script of list) known.add(script.url);
  const tree = await scriptsOf(page, () => page.goto(`${base}/backoffice/users`), page.locator('.list-view').getByRole('link'));
  print(
    'then a tree list screen (/backoffice/users): what it adds',
    tree.filter((script) => !known.has(script.url)),
  );
} finally {
  await browser.close();
  await server.stop();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}
process.exit(0);
