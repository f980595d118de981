import { expect, test, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * Issue 17: no back-office screen shows a reference as a raw id. Each page and each of its tabs is
 * visited as the root admin and as a reseller admin, and checked three ways:
 * - no "<kind> <number>" text (the "Parent 1", "order 12" of old);
 * - no field or column of a reference (organisation, parent, user, created by…) holding a bare number;
 * - every link to a record opens for this viewer (its API get answers 200), so a name is linked
 *   only where the viewer may open it;
 * and a few references are checked by hand to be links, or plain names, as the viewer's scope says.
 */

const PAGES = [
  '/backoffice/organisations',
  '/backoffice/organisations/3',
  '/backoffice/organisations/2',
  '/backoffice/users',
  '/backoffice/users/3',
  '/backoffice/users/2',
  '/backoffice/roles',
  '/backoffice/roles/1',
  '/webstore/product_groups',
  '/webstore/product_groups/1',
  '/webstore/feeds',
  '/webstore/feeds/1',
];

/** Labels of fields and columns that hold a reference to another record (English, as the viewers read it). */
const REFERENCE_LABELS = [
  'Organisation',
  'Parent organisation',
  'Created by',
  'By',
  'On behalf of',
  'On',
  'User',
  'Role',
  'Catalogue',
  'Price list',
  'Supplier account manager',
];
const RAW_REFERENCE =
  /\b(?:organisation|parent|user|order|feed|role|basket|quote|subscription|product group|catalogue|price list|account manager|created by)\s+#?\d+\b/i;

/** A record page's address and the API get that decides whether its viewer may open it. */
const RECORD_LINKS: [RegExp, string][] = [
  [/^\/backoffice\/organisations\/(\d+)$/, '/api/v1/organisations/'],
  [/^\/backoffice\/users\/(\d+)$/, '/api/v1/users/'],
  [/^\/backoffice\/roles\/(\d+)$/, '/api/v1/roles/'],
  [/^\/webstore\/orders\/(\d+)$/, '/api/v1/orders/'],
  [/^\/webstore\/feeds\/(\d+)$/, '/api/v1/feeds/'],
  [/^\/webstore\/product_groups\/(\d+)$/, '/api/v1/productgroups/'],
];

/** Waits until the page (or the tab just opened) has loaded what it shows. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: 'Please wait' })).toHaveCount(0);
}

/** Raw references in what is shown now: text that reads "<kind> <id>", and reference cells holding a bare number. */
async function rawReferences(page: Page): Promise<string[]> {
  const main = page.locator('main');
  const text = await main.innerText();
  const found = RAW_REFERENCE.exec(text);
  const bare = await main.evaluate((root, labels) => {
    const problems: string[] = [];
    const isBare = (value: string) => /^\s*#?\d+\s*$/.test(value);
    for (const dd of root.querySelectorAll('dd')) {
      const label = dd.previousElementSibling?.textContent?.trim() ?? '';
      if (labels.includes(label) && isBare(dd.textContent ?? '')) problems.push(`${label}: ${dd.textContent}`);
    }
    for (const table of root.querySelectorAll('table')) {
      // Its own header and rows: a nested table (an audit entry's changes) has its own.
      const headers = [...table.querySelectorAll(':scope > thead > tr > th')].map((th) => th.textContent?.trim() ?? '');
      for (const row of table.querySelectorAll(':scope > tbody > tr')) {
        [...row.children].forEach((cell, index) => {
          const label = headers[index] ?? '';
          if (labels.includes(label) && isBare(cell.textContent ?? '')) problems.push(`${label}: ${cell.textContent}`);
        });
      }
    }
    // The generated lists are AG Grid: a cell's heading is the header cell of the same column id.
    for (const grid of root.querySelectorAll('.ag-root-wrapper')) {
      const headers = new Map(
        [...grid.querySelectorAll('.ag-header-cell[col-id]')].map((header) => [
          header.getAttribute('col-id'),
          header.textContent?.trim() ?? '',
        ]),
      );
      for (const cell of grid.querySelectorAll('[role="gridcell"][col-id]')) {
        const label = headers.get(cell.getAttribute('col-id')) ?? '';
        if (labels.includes(label) && isBare(cell.textContent ?? '')) problems.push(`${label}: ${cell.textContent}`);
      }
    }
    return problems;
  }, REFERENCE_LABELS);
  return [...(found ? [found[0]] : []), ...bare];
}

/** Record links shown now whose record this viewer cannot open. */
async function closedLinks(page: Page, checked: Set<string>): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const closed: string[] = [];
  for (const href of new Set(hrefs)) {
    if (checked.has(href)) continue;
    checked.add(href);
    for (const [pattern, api] of RECORD_LINKS) {
      const id = pattern.exec(href)?.[1];
      if (id && (await page.request.get(`${api}${id}`)).status() !== 200) closed.push(href);
    }
  }
  return closed;
}

async function visitAll(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const checked = new Set<string>();
  for (const path of PAGES) {
    await page.goto(path);
    await settled(page);
    // A page this viewer may not open says so; there is nothing of it to check.
    if ((await page.getByText('Unfortunately you do not have permission to view this page').count()) > 0) continue;
    const where = (tab: string) => `${path}${tab ? ` [${tab}]` : ''}`;
    problems.push(...(await rawReferences(page)).map((problem) => `${where('')}: ${problem}`));
    problems.push(...(await closedLinks(page, checked)).map((href) => `${where('')}: links ${href}, which this viewer cannot open`));
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index += 1) {
      const tab = tabs.nth(index);
      if (await tab.isDisabled()) continue;
      const name = (await tab.innerText()).trim();
      await tab.click();
      await settled(page);
      problems.push(...(await rawReferences(page)).map((problem) => `${where(name)}: ${problem}`));
      problems.push(...(await closedLinks(page, checked)).map((href) => `${where(name)}: links ${href}, which this viewer cannot open`));
    }
  }
  return problems;
}

/** The definition (dl) entry labelled `label` on the current page. */
const definition = (page: Page, label: string) =>
  page
    .locator('main .record-view__field')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test('the root admin sees no raw id on any back-office screen, and every record link opens', async ({ page }) => {
  test.setTimeout(240_000);
  await signInTo(page, 'admin@supplier.example', '/backoffice/organisations');
  expect(await visitAll(page)).toEqual([]);

  // A user's and a product group's page are titled by their name, with a back link to their list (002 §2.6, §2.9).
  await page.goto('/webstore/product_groups/1');
  await expect(page.getByRole('heading', { name: 'Zoom Workplace plans', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to product groups', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/product_groups$/);

  // References are names, linked: a user's organisation, an organisation's parent, what an action was on.
  await page.goto('/backoffice/users/3');
  await expect(page.getByRole('heading', { name: 'Bob Buyer', exact: true })).toBeVisible();
  await expect(definition(page, 'Organisation').getByRole('link', { name: 'Customer Co Ltd', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Actions taken', exact: true }).click();
  await expect(
    page
      .getByRole('gridcell', { name: 'Organisation Customer Co Ltd', exact: true })
      .getByRole('link', { name: 'Customer Co Ltd', exact: true }),
  ).toBeVisible();
  await page.goto('/backoffice/organisations/2');
  await expect(page.getByRole('link', { name: 'Supplier Distribution Ltd', exact: true })).toBeVisible();
});

test('a reseller admin sees no raw id on any back-office screen, and names link only where they may open them', async ({ page }) => {
  test.setTimeout(240_000);
  await signInTo(page, 'admin@reseller.example', '/backoffice/organisations');
  expect(await visitAll(page)).toEqual([]);

  // Customer Co is in the reseller's tree: its name links, on the user page and on the role page.
  await page.goto('/backoffice/users/3');
  await expect(page.getByRole('link', { name: 'Back to users', exact: true })).toBeVisible();
  await expect(definition(page, 'Organisation').getByRole('link', { name: 'Customer Co Ltd', exact: true })).toBeVisible();
  await page.goto('/backoffice/roles/1');
  await expect(definition(page, 'Organisation').getByRole('link', { name: 'Customer Co Ltd', exact: true })).toBeVisible();
  // The supplier above the reseller is named, not linked: its page is not the reseller's to open.
  await page.goto('/backoffice/organisations/2');
  await expect(page.getByText('Supplier Distribution Ltd', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Supplier Distribution Ltd', exact: true })).toHaveCount(0);
});
