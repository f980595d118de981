import { expect, test, type Page } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { signInTo } from './support/signIn';

/**
 * The checkout routes (000 §2.1, §2.7) against the demo baskets (seeds/demo/orders.ts): Customer
 * Co has baskets 1 "Meeting room refresh" and 2 (no name) with line items, and 3 "Empty basket"
 * without; basket 4 (with lines) is its branch's.
 */

const BUYER = 'buyer@customer.example';
const OTHER_CUSTOMER = 6;

const openDatabase = () => openPortalDatabase();

/**
 * Leaves Customer Co one basket with line items (1) for the length of one test by lending basket
 * 2 to another organisation, and gives it back (the database is shared with the other tests).
 */
async function withOneBasketWithLines(run: () => Promise<void>): Promise<void> {
  const db = openDatabase();
  const { organisation_id: owner } = (await db('baskets').where('id', 2).first('organisation_id')) as { organisation_id: number };
  try {
    await db('baskets').where('id', 2).update({ organisation_id: OTHER_CUSTOMER });
    await run();
  } finally {
    await db('baskets').where('id', 2).update({ organisation_id: owner });
    await db.destroy();
  }
}

const checkoutLinks = (page: Page) => page.getByRole('link', { name: 'Checkout', exact: true });

test('checkout goes to the baskets list when several baskets have line items', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/checkout', /\/webstore\/baskets$/);
  await expect(page.getByRole('heading', { name: 'Baskets', level: 1, exact: true })).toBeVisible();
  // Replaced, not pushed: Back does not return to the redirect.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/webstore\/checkout$/);
});

test("checkout goes to the one basket's checkout when only it has line items", async ({ page }) => {
  await withOneBasketWithLines(async () => {
    await signInTo(page, BUYER, '/webstore/checkout', /\/webstore\/baskets\/1\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checking out Meeting room refresh', level: 1, exact: true })).toBeVisible();
  });
});

test('the baskets list offers checkout only for baskets with line items', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/baskets');
  await expect(page.getByRole('link', { name: 'Empty basket', exact: true })).toBeVisible();
  await expect(checkoutLinks(page)).toHaveCount(2);
  const hrefs = await checkoutLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.sort()).toEqual(['/webstore/baskets/1/checkout', '/webstore/baskets/2/checkout']);
  const emptyRow = page.getByRole('row').filter({ hasText: 'Empty basket' });
  await expect(emptyRow.getByRole('link')).toHaveCount(1);
  await page.getByRole('row').filter({ hasText: 'Meeting room refresh' }).getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/baskets\/1\/checkout$/);
});

test('a basket checkout shows the wizard under its heading, its crumbs and the way back', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/baskets/2/checkout');
  // Basket 2 has no name: the heading and the crumb call it by its id.
  await expect(page.getByRole('heading', { name: 'Checking out 2', level: 1, exact: true })).toBeVisible();
  await expect(page.getByTestId('progress-map')).toBeVisible();
  await expect(page.getByTestId('hub-ref')).toHaveText('2');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
  await expect(crumbs.getByRole('link', { name: 'Baskets', exact: true })).toHaveAttribute('href', '/webstore/baskets');
  await expect(crumbs.getByRole('link', { name: '2', exact: true })).toHaveAttribute('href', '/webstore/baskets/2');
  await expect(crumbs).toContainText('Checkout');
  await page.getByTestId('cancel-changes').click();
  await expect(page).toHaveURL(/\/webstore\/baskets\/2$/);
});

test("another organisation's or an unknown basket's checkout is not found", async ({ page }) => {
  // Basket 4 is the branch's: out of the buyer's scope, as if it did not exist.
  await signInTo(page, BUYER, '/webstore/baskets/4/checkout', /\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
  await page.goto('/webstore/baskets/999/checkout');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: /Checking out/ })).toHaveCount(0);
});
