import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { signInTo } from './support/signIn';
import { fixDatesInAnswers, fixDynamicText, installTestFont, testFontLoaded } from './support/visual';
import { FIRST_DRAW } from './support/waits';

/**
 * Visual regression (issue 19): the key screens at a desktop (1366 px) and a phone (390 px) width,
 * compared with the baselines committed under tests/e2e/visual.spec.ts-snapshots/ within a small
 * tolerance, so a layout that breaks is seen. Stable run to run: the shipped test font, animations
 * off (toHaveScreenshot's default), dates and times written as fixed text, and the demo data as
 * seeded: its project (`visual`, playwright.config.ts) runs before any other test uses its portal.
 * The most-popular banner stays masked, since it follows the orders placed. Update after an intended change with
 * `npx playwright test tests/e2e/visual.spec.ts --update-snapshots` (docs/architecture.md).
 */

// The test font comes as a data: URL, which the portal's Content-Security-Policy (font-src 'self') refuses.
test.use({ bypassCSP: true });

const WIDTHS = [1366, 390] as const;
const BUYER = 'buyer@customer.example';
const ROOT = 'admin@supplier.example';
const RESELLER = 'admin@reseller.example';

/**
 * How a screen is compared: `mask` hides what differs by nature, `fullPage: false` takes the first
 * screen only, `tolerance` is the share of pixels that may differ (0.01 unless said).
 */
interface Shot {
  mask?: (page: Page) => Locator[];
  fullPage?: boolean;
  tolerance?: number;
}

async function shoot(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  { mask = () => [], fullPage = true, tolerance = 0.01 }: Shot = {},
): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await testFontLoaded(page);
    await fixDynamicText(page);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
      fullPage,
      mask: mask(page),
      maxDiffPixelRatio: tolerance,
      timeout: 20_000,
    });
  }
}

async function visit(page: Page, path: string, visible: Locator): Promise<void> {
  await page.goto(path);
  await expect(visible).toBeVisible(FIRST_DRAW);
  await page.waitForLoadState('networkidle');
}

test.describe('screens look as committed', () => {
  // Full-page screenshots of long screens, each compared until two in a row agree, on a shared 2-core machine.
  test.setTimeout(180_000);
  test.beforeEach(async ({ page }) => installTestFont(page));
  test('the store as tiles and rows, and a product', async ({ page }) => {
    await signInTo(page, BUYER, '/webstore', /\/webstore$/);
    // Sorted by name: the default (popularity) moves as other tests place orders.
    const tiles = async () => {
      await visit(page, '/webstore', page.getByTestId('view-switch'));
      await page.getByLabel('Sort by').selectOption('+name');
      await page.getByTestId('view-tile').click();
      await expect(page.getByTestId('view-tile')).toHaveAttribute('aria-pressed', 'true');
      await page.waitForLoadState('networkidle');
    };
    const popular = (p: Page) => [p.locator('.most-popular')];
    await shoot(page, 'store-tiles', tiles, { mask: popular });
    await shoot(
      page,
      'store-rows',
      async () => {
        await tiles();
        await page.getByTestId('view-row').click();
        await page.waitForLoadState('networkidle');
      },
      { mask: popular },
    );
    await shoot(page, 'product', async () => {
      await visit(page, '/webstore/product/1', page.locator('.product-detail'));
    });
  });

  test('a basket and each checkout tab', async ({ page }) => {
    const db = openPortalDatabase();
    let basketId = 0;
    try {
      [basketId] = (await db('baskets').insert({
        name: 'Visual basket',
        organisation_id: 3,
        currency: 'GBP',
        total: 0,
        payment_type: 'ON_ACCOUNT',
        part_ship: false,
        created_at: Date.now(),
        created_by_id: 3,
      })) as [number];
      for (const [code, quantity] of [
        ['GEN-HDMI-5M', 4],
        ['LOGI-BRIO-4K', 2],
      ] as const) {
        const { id } = (await db('products').where('product_code', code).first('id')) as { id: number };
        await db('basket_line_items').insert({ basket_id: basketId, product_id: id, quantity, discount: 0 });
      }
      const refs = (p: Page) => [
        p.getByTestId('hub-ref'),
        p
          .locator('.basket-details tr')
          .filter({ hasText: /Hub ref/ })
          .locator('td'),
      ];
      await signInTo(page, BUYER, `/webstore/baskets/${basketId}`);
      await shoot(page, 'basket', () => visit(page, `/webstore/baskets/${basketId}`, page.getByTestId('detail-row-name')), { mask: refs });
      await visit(page, `/webstore/baskets/${basketId}/checkout`, page.getByTestId('checkout-details'));
      const stay = async () => {
        await page.waitForLoadState('networkidle');
      };
      await shoot(page, 'checkout-details', stay, { mask: refs });
      await page.getByLabel('Purchase order number').fill('PO-VISUAL');
      await page.getByTestId('next').click();
      await expect(page.getByTestId('checkout-info')).toBeVisible();
      await shoot(page, 'checkout-info', stay);
      await page.getByTestId('next').click();
      await expect(page.getByTestId('checkout-shipping')).toBeVisible();
      await page.getByTestId('address_select').selectOption({ label: 'Head office' });
      await page.getByTestId('shipping-methods').getByRole('radio').first().check();
      await shoot(page, 'checkout-shipping', stay);
      await page.getByTestId('next').click();
      await expect(page.getByTestId('checkout-payment')).toBeVisible();
      await page.getByTestId('payment-CUSTOMER').check();
      await expect(page.getByTestId('finance-form')).toBeVisible();
      await shoot(page, 'checkout-payment-finance', stay);
      await page.getByTestId('payment-ACCOUNT').check();
      await page.getByTestId('next').click();
      await expect(page.getByTestId('checkout-confirmation')).toBeVisible();
      await shoot(page, 'checkout-confirmation', stay);
    } finally {
      if (basketId) {
        await db('basket_line_items').where('basket_id', basketId).delete();
        await db('baskets').where('id', basketId).delete();
      }
      await db.destroy();
    }
  });

  test('an order and a quote', async ({ page }) => {
    await signInTo(page, ROOT, '/webstore/orders/16', /\/webstore\/orders\/16$/);
    await shoot(page, 'order', () => visit(page, '/webstore/orders/16', page.getByRole('heading', { level: 1 })));
    await shoot(page, 'quote', () => visit(page, '/webstore/quotesoutward/4', page.getByRole('heading', { level: 1 })));
  });

  test('the lists of orders, quotes, subscriptions and invoices', async ({ page }) => {
    await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
    // Their columns are sized to dates drawn from the answers: those are made the same every day.
    await fixDatesInAnswers(page);
    const grid = page.getByRole('grid');
    for (const [name, path] of [
      ['orders', '/webstore/orders'],
      ['quotes', '/webstore/quotesinward'],
      ['subscriptions', '/webstore/subscriptions'],
      ['invoices', '/webstore/invoices'],
    ] as const) {
      // 3 %: on a loaded machine AG Grid measures some React-drawn cells before they are drawn (it
      // waits five turns, then measures), so columns can come out a few pixels apart (seen in CI:
      // 1.2 % and 1.75 % of the image; docs/architecture.md "Visual regression"). A broken layout
      // differs by far more.
      await shoot(
        page,
        `list-${name}`,
        async () => {
          await visit(page, path, grid);
          await expect(grid.getByRole('gridcell').first()).toBeVisible();
        },
        { tolerance: 0.03 },
      );
    }
  });

  test('the quick order page and the sales metrics', async ({ page }) => {
    await signInTo(page, BUYER, '/webstore/baskets/quick_order', /\/quick_order$/);
    await shoot(page, 'quick-order', () => visit(page, '/webstore/baskets/quick_order', page.getByRole('heading', { level: 1 })));
    await page.context().clearCookies();
    await signInTo(page, ROOT, '/backoffice/metrics', /\/backoffice\/metrics$/);
    // The first screen (the charts) only: the account managers' tree below still settles its wrapped
    // rows in one of two heights at 390 px from run to run (174 px apart); the grid's
    // layout is checked by listGrid.spec.ts and the lists above.
    await shoot(
      page,
      'metrics',
      async () => {
        await visit(page, '/backoffice/metrics', page.getByRole('grid'));
        await expect(page.locator('.recharts-surface').first()).toBeVisible();
      },
      { fullPage: false },
    );
  });

  test('an organisation, a user and a feed', async ({ page }) => {
    await signInTo(page, ROOT, '/backoffice/organisations/3', /\/organisations\/3$/);
    await shoot(page, 'organisation', () => visit(page, '/backoffice/organisations/3', page.getByRole('heading', { level: 1 })));
    await shoot(page, 'user', () => visit(page, '/backoffice/users/8', page.getByRole('heading', { level: 1 })));
    await page.context().clearCookies();
    await signInTo(page, RESELLER, '/webstore/feeds/2', /\/webstore\/feeds\/2$/);
    await shoot(page, 'feed', () => visit(page, '/webstore/feeds/2', page.getByRole('heading', { level: 1 })));
  });
});
