import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';
import { installTestFont, testFontLoaded, useTestFontLate } from './support/visual';

/**
 * The generated lists' grid (AG Grid, runtime/list/GridTable.tsx), issue 19: no serious or
 * critical accessibility violation on any list screen (axe, WCAG 2.1 A and AA rules), and the grid
 * worked by keyboard alone: into the grid with Tab, along the headers with the arrows, Enter sorts
 * (through the server), down into the rows, Tab into a cell's link and Enter follows it, Space
 * ticks a row. Printing is covered with the orders list's print (orderActions.spec.ts).
 */

const ROOT_ADMIN = 'admin@supplier.example';
const BUYER = 'buyer@customer.example';

/** Every list screen of the spec: flat lists, organisation trees, rows nested in rows (organisations, the metrics' periods). */
const LIST_SCREENS = [
  '/webstore/orders',
  '/webstore/quotesoutward',
  '/webstore/quotesinward',
  '/webstore/baskets',
  '/webstore/invoices',
  '/webstore/subscriptions',
  '/webstore/product_groups',
  '/webstore/feeds',
  '/backoffice/users',
  '/backoffice/organisations',
  '/backoffice/roles',
  '/backoffice/metrics',
];

/** The serious and critical violations of WCAG 2.1 A/AA rules within the page's lists (`within`), as `rule: target` lines. */
async function seriousViolations(page: Page, within = '.generic-list'): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(within).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test("every list screen, and a record's child lists, has no serious accessibility violation", async ({ page }) => {
  test.setTimeout(240_000);
  await signInTo(page, ROOT_ADMIN, '/webstore/orders', /\/webstore\/orders$/);
  for (const path of LIST_SCREENS) {
    await page.goto(path);
    await expect(page.locator('.generic-list').first()).toBeVisible();
    await expect(page.locator('.pagination__status').first()).toHaveText(/ · \d+ results?$/);
    // The grid is drawn, with its rows when the list has any.
    await expect(page.locator('.generic-list').getByRole('grid').getByRole('row').first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // A record's child lists: a tab with a checkbox column, and an audit log with tables in its cells.
  await page.goto('/webstore/product_groups/1');
  await page.getByRole('tab', { name: 'All products', exact: true }).click();
  await expect(page.locator('.record-view__children').getByRole('gridcell').first()).toBeVisible();
  expect(await seriousViolations(page, '.record-view__children'), 'product group tab').toEqual([]);
  await page.goto('/webstore/orders/6/audit');
  await expect(page.locator('.record-view__children').getByRole('gridcell').first()).toBeVisible();
  expect(await seriousViolations(page, '.record-view__children'), 'order audit log').toEqual([]);
});

test('the orders grid by keyboard: Tab in, arrows, Enter sorts, Space ticks, Tab to a link and Enter follows it', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('link', { name: 'HUB-10001', exact: true })).toBeVisible();
  // Tab from the column tools above the grid enters it on its first heading (the select-all box's).
  await page.getByRole('button', { name: 'Reset columns', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(grid.getByRole('columnheader').first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const reference = grid.getByRole('columnheader', { name: 'Reference', exact: true });
  await expect(reference).toBeFocused();
  await expect(reference).not.toHaveAttribute('aria-sort', /ascending|descending/);
  // Enter sorts by the column, through the server: the oldest reference comes first.
  await page.keyboard.press('Enter');
  await expect(reference).toHaveAttribute('aria-sort', 'ascending');
  const firstRow = grid
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .first();
  await expect(firstRow.locator('[col-id="name"]')).toHaveText('HUB-10001');
  // Down into the first row; left to its checkbox cell, where Space ticks the row.
  await page.keyboard.press('ArrowDown');
  await expect(firstRow.locator('[col-id="name"]')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expect(firstRow.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
  // Right again, Tab to the reference's link, Enter follows it.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await expect(firstRow.getByRole('link', { name: 'HUB-10001', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/webstore\/orders\/1$/);
});

test('Enter on a cell with one link follows it; Tab past the last link of a cell goes to the next cell', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  const grid = page.getByRole('grid');
  const row = grid.getByRole('row').filter({ has: page.getByRole('link', { name: 'HUB-10002', exact: true }) });
  await row.locator('[col-id="name"]').click({ position: { x: 2, y: 2 } });
  await expect(row.locator('[col-id="name"]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('link', { name: 'HUB-10002', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row.locator('[col-id="supplier_ref"]')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(row.locator('[col-id="name"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/webstore\/orders\/2$/);
});

test('the columns a user hides and widens are kept on the server: after a reload, in another browser, until reset', async ({
  page,
  browser,
}) => {
  // Two browsers, a drag and two reloads: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  const grid = page.getByRole('grid');
  const headings = () => grid.getByRole('columnheader').allInnerTexts();
  await expect(grid.getByRole('columnheader', { name: 'Supplier ref', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const saved = () =>
    page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
    );
  let save = saved();
  await page.getByRole('checkbox', { name: 'Supplier ref', exact: true }).uncheck();
  expect((await save).status()).toBe(200);
  await expect(grid.getByRole('columnheader', { name: 'Supplier ref', exact: true })).toHaveCount(0);
  // The reference column widened by dragging its heading's edge.
  const reference = grid.locator('.ag-header-cell[col-id="name"]');
  const before = (await reference.boundingBox())!;
  const edge = (await reference.locator('.ag-header-cell-resize').boundingBox())!;
  save = saved();
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 40, edge.y + edge.height / 2, { steps: 5 });
  await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 5 });
  await page.mouse.up();
  expect((await save).status()).toBe(200);
  const widened = (await reference.boundingBox())!.width;
  expect(widened).toBeGreaterThan(before.width + 40);

  await page.reload();
  await expect(grid.getByRole('link', { name: 'HUB-10001', exact: true })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Reference', exact: true })).toBeVisible();
  await expect.poll(headings).not.toContain('Supplier ref');
  expect(Math.abs((await reference.boundingBox())!.width - widened)).toBeLessThan(2);

  // Another browser of the same user.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInTo(other, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  await expect(other.getByRole('grid').getByRole('link', { name: 'HUB-10001', exact: true })).toBeVisible();
  await expect.poll(() => other.getByRole('grid').getByRole('columnheader').allInnerTexts()).not.toContain('Supplier ref');

  // Reset columns: the screen's own again, here and for the other browser's next visit.
  const removed = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
  );
  await page.getByRole('button', { name: 'Reset columns', exact: true }).click();
  expect((await removed).status()).toBe(204);
  await expect(grid.getByRole('columnheader', { name: 'Supplier ref', exact: true })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('grid').getByRole('columnheader', { name: 'Supplier ref', exact: true })).toBeVisible();
  await elsewhere.close();
});

test('columns are reordered from the keyboard in the Columns panel, kept on the server until reset', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('link', { name: 'HUB-10001', exact: true })).toBeVisible();
  // The column headings in the grid's order (the selection column has no text).
  const headings = async () => (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  // From the screen's own layout, whatever an earlier test left.
  const cleared = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
  );
  await page.getByRole('button', { name: 'Reset columns', exact: true }).click();
  expect((await cleared).status()).toBe(204);
  await expect(grid.getByRole('columnheader', { name: 'Supplier ref', exact: true })).toBeVisible();
  const [first, second] = await headings();
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await expect(page.getByRole('button', { name: `Move ${first} earlier`, exact: true })).toBeDisabled();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
  );
  const later = page.getByRole('button', { name: `Move ${first} later`, exact: true });
  await later.focus();
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect.poll(async () => (await headings()).slice(0, 2)).toEqual([second, first]);
  // The panel follows the grid's order: the moved column is now second.
  await expect(page.getByRole('button', { name: `Move ${second} earlier`, exact: true })).toBeDisabled();

  await page.reload();
  await expect(grid.getByRole('link', { name: 'HUB-10001', exact: true })).toBeVisible();
  await expect.poll(async () => (await headings()).slice(0, 2)).toEqual([second, first]);
  const removed = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
  );
  await page.getByRole('button', { name: 'Reset columns', exact: true }).click();
  expect((await removed).status()).toBe(204);
  await expect.poll(async () => (await headings()).slice(0, 2)).toEqual([first, second]);
});

test('a list is shown once its columns have their widths: a layout answered late moves nothing under the pointer', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  const grid = page.getByRole('grid');
  const layoutUrl = '**/api/v1/whoami/list_layouts/orders';
  const supplierRef = grid.getByRole('columnheader', { name: 'Supplier ref', exact: true });
  await expect(supplierRef).toBeVisible();
  // The user's layout hides a column of the screen's own.
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
  );
  await page.getByRole('checkbox', { name: 'Supplier ref', exact: true }).uncheck();
  expect((await saved).status()).toBe(200);

  // The layout's answer comes 0.7 s late (within the grid's wait for it); the rows are on time.
  let answered = false;
  await page.route(layoutUrl, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const response = await route.fetch();
    answered = true;
    return route.fulfill({ response });
  });
  await page.reload();
  const reference = grid.getByRole('link', { name: 'HUB-10001', exact: true });
  await expect(reference).toBeVisible();
  // As soon as a row can be seen (and clicked), the user's layout is in place.
  expect(answered).toBe(true);
  expect(await supplierRef.count()).toBe(0);
  const first = (await reference.boundingBox())!;
  await page.waitForTimeout(500);
  const later = (await reference.boundingBox())!;
  expect(Math.abs(later.x - first.x)).toBeLessThan(1);
  expect(Math.abs(later.width - first.width)).toBeLessThan(1);
  await page.unroute(layoutUrl);

  const removed = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().endsWith('/api/v1/whoami/list_layouts/orders'),
  );
  await page.getByRole('button', { name: 'Reset columns', exact: true }).click();
  expect((await removed).status()).toBe(204);
  await expect(supplierRef).toBeVisible();
});

test('a tree is collapsed and expanded by keyboard, the focus staying on its toggle', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/backoffice/organisations', /\/backoffice\/organisations$/);
  const grid = page.getByRole('grid');
  const row = grid.getByRole('row').filter({ has: page.getByRole('link', { name: 'Reseller Partners UK Ltd', exact: true }) });
  await row.locator('[col-id="name"]').click({ position: { x: 2, y: 2 } });
  await expect(row.locator('[col-id="name"]')).toBeFocused();
  // Tab reaches the row's toggle, the first control of its first cell.
  await page.keyboard.press('Tab');
  const collapse = grid.getByRole('button', { name: 'Collapse Reseller Partners UK Ltd', exact: true });
  await expect(collapse).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('link', { name: 'Customer Co Ltd', exact: true })).toHaveCount(0);
  const expand = grid.getByRole('button', { name: 'Expand Reseller Partners UK Ltd', exact: true });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(expand).toBeFocused();
  await page.keyboard.press('Space');
  await expect(grid.getByRole('link', { name: 'Customer Co Branch', exact: true })).toBeVisible();
  await expect(collapse).toBeFocused();
});

test.describe('a font that arrives late', () => {
  // The late font comes as a data: URL, which the portal's Content-Security-Policy (font-src 'self') refuses.
  test.use({ bypassCSP: true });

  /** The widths of the grid's column headings, in whole pixels. */
  const headingWidths = (page: Page) =>
    page.locator('.ag-header-cell').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));

  test('fits the columns again, as they are fitted when the font was there from the start', async ({ page }) => {
    await signInTo(page, BUYER, '/webstore/invoices', /\/webstore\/invoices$/);
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('gridcell').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const inSystemFont = await headingWidths(page);

    await useTestFontLate(page);
    await testFontLoaded(page);
    // The columns change as the font arrives: compared once they hold still.
    await expect.poll(() => headingWidths(page)).not.toEqual(inSystemFont);
    const late = await headingWidths(page);

    await installTestFont(page);
    await page.reload();
    await expect(grid.getByRole('gridcell').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await testFontLoaded(page);
    await expect.poll(() => headingWidths(page)).toEqual(late);
  });
});
