import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { DEMO_PASSWORD as PASSWORD } from './support/signIn';
import Decimal from 'decimal.js';

/**
 * The store screens in a real browser against the portal with its demo data (000 §2.3–2.6):
 * the public store (no buy price anywhere), filters, sort and paging, the login prompt and the
 * register-interest form; the signed-in store for GBP and EUR buyers and for root; product detail
 * with rate plans; hidden products going to notFound.
 */

const BUYER = 'buyer@customer.example';
const EU_BUYER = 'buyer@eu-customer.example';
const ROOT_ADMIN = 'admin@supplier.example';

interface ApiProduct {
  id: number;
  name: string;
  product_code: string;
  price?: string | null;
  rrp: string | null;
  currency: string;
  vendor: { id: number; name: string } | null;
  rate_plans: unknown[];
  is_financeable: boolean;
  active: boolean;
  draft: boolean;
  stock: string | null;
}

/** Signs a request context in through the API (double-submit CSRF: fetch the cookie, echo it). */
async function signIn(request: APIRequestContext, email: string): Promise<void> {
  await request.get('/api/v1/whoami');
  const state = await request.storageState();
  const csrf = state.cookies.find((cookie) => cookie.name === 'hub_csrf')?.value ?? '';
  const response = await request.post('/api/v1/auth/login', {
    data: { email_address: email, password: PASSWORD },
    headers: { 'x-csrf-token': csrf },
  });
  expect(response.status(), `login of ${email}`).toBe(200);
}

/** Every product of a list call, page by page. */
async function allProducts(request: APIRequestContext, path: string, query = ''): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`${path}?per_page=96&page=${page}${query}`);
    expect(response.ok()).toBe(true);
    products.push(...((await response.json()) as ApiProduct[]));
    if (page >= Number(response.headers()['x-total-pages'] ?? 1)) return products;
  }
}

function money(amount: string, currency: string): string {
  const rounded = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(rounded as `${number}`);
}

/** Waits for the next list answer of the store whose URL passes `accept`. */
function nextListResponse(page: Page, path: string, accept: (url: URL) => boolean = () => true): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/v1${path}` && accept(url);
  });
}

const tiles = (page: Page) => page.getByTestId('product-list').getByTestId('product-tile');

async function tileIds(page: Page): Promise<number[]> {
  return await tiles(page).evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-product-id'))));
}

test.describe('public store', () => {
  test('lists products, and no buy price reaches the page or its API answers', async ({ page, playwright, baseURL }) => {
    const answers: unknown[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/v1/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
      answers.push(await response.json().catch(() => null));
    });
    await page.goto('/public/webstore');
    await expect(tiles(page).first()).toBeVisible();
    await expect(page.getByTestId('most-popular')).toBeVisible();
    // One main landmark: the layout's (issue 22 item 17: the store nested a second one).
    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.getByTestId('ad-slot')).toHaveCount(3);
    expect(await tiles(page).count()).toBeGreaterThan(1);

    // No key of any answer may carry a buy price or shipping cost.
    const forbiddenKeys: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'price' || key === 'ship_cost' || key === 'maintenance' || key === 'provisioning') forbiddenKeys.push(key);
          walk(inner);
        }
    };
    answers.forEach(walk);
    expect(answers.length).toBeGreaterThan(0);
    expect(forbiddenKeys).toEqual([]);

    // And no tile shows its product's buy price where it differs from the rrp.
    const buyer = await playwright.request.newContext({ baseURL });
    await signIn(buyer, BUYER);
    const buyPrices = new Map((await allProducts(buyer, '/api/v1/products')).map((product) => [product.id, product]));
    await buyer.dispose();
    let compared = 0;
    for (const id of await tileIds(page)) {
      const signedIn = buyPrices.get(id);
      if (!signedIn?.price || signedIn.price === signedIn.rrp) continue;
      const text = await page.locator(`[data-testid="product-tile"][data-product-id="${id}"]`).innerText();
      expect(text).not.toContain(money(signedIn.price, 'GBP'));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
    await expect(page.getByTestId('add-to-basket')).toHaveCount(0);
    await expect(page.getByTestId('buy').first()).toBeVisible();
  });

  test('the currency switch to EUR reprices the list', async ({ page }) => {
    await page.goto('/public/webstore');
    await expect(tiles(page).first()).toBeVisible();
    await expect(page.getByTestId('currency-GBP')).toBeChecked();
    await expect(page.getByTestId('product-list').getByTestId('price-amount').first()).toContainText('£');
    const eurList = nextListResponse(page, '/public/webstore', (url) => url.searchParams.get('currency') === 'EUR');
    await page.getByTestId('currency-EUR').check();
    await eurList;
    const amounts = page.getByTestId('product-list').getByTestId('price-amount');
    await expect(amounts.first()).toContainText('€');
    expect((await amounts.allInnerTexts()).some((text) => text.includes('£'))).toBe(false);
  });

  test('vendor and text filters narrow the list; an inverted value range is flagged and not sent', async ({ page }) => {
    const firstList = nextListResponse(page, '/public/webstore', (url) => url.searchParams.get('per_page') === '24');
    await page.goto('/public/webstore');
    const listed = (await (await firstList).json()) as ApiProduct[];
    await expect(tiles(page).first()).toBeVisible();
    const summary = page.getByTestId('pagination-summary');
    const totalBefore = Number((await summary.innerText()).match(/(\d+) products/)?.[1]);

    // Vendor: one that has products on the first page.
    const vendorId = listed.find((product) => product.vendor)!.vendor!.id;
    const vendorList = nextListResponse(page, '/public/webstore', (url) => url.searchParams.getAll('vendor').includes(String(vendorId)));
    await page.getByTestId('vendor-filter').locator(`input[value="${vendorId}"]`).check();
    const vendorAnswer = (await (await vendorList).json()) as ApiProduct[];
    expect(vendorAnswer.length).toBeGreaterThan(0);
    expect(vendorAnswer.every((product) => product.vendor?.id === vendorId)).toBe(true);
    await expect.poll(() => tileIds(page)).toEqual(vendorAnswer.map((product) => product.id));
    const totalWithVendor = Number((await summary.innerText()).match(/(\d+) products/)?.[1]);
    expect(totalWithVendor).toBeLessThan(totalBefore);

    // Text: a product code of that vendor finds that product.
    const wanted = vendorAnswer[0]!;
    const textList = nextListResponse(page, '/public/webstore', (url) => url.searchParams.get('text') === wanted.product_code);
    await page.getByTestId('filter-text').fill(wanted.product_code);
    await textList;
    await expect(page.getByTestId('product-list').getByTestId('product-code').first()).toHaveText(wanted.product_code);
    expect((await tileIds(page)).length).toBeLessThanOrEqual(totalWithVendor);

    // Value range: to below from marks both inputs and shows the soft validation message.
    await page.getByTestId('value-from').fill('500');
    await page.getByTestId('value-to').fill('100');
    await expect(page.getByTestId('value-range-error')).toHaveText('The upper value must not be below the lower value.');
    await expect(page.getByTestId('value-from')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('value-to')).toHaveAttribute('aria-invalid', 'true');

    // Clear filters brings back the whole list at once.
    const cleared = nextListResponse(page, '/public/webstore', (url) => !url.searchParams.has('vendor') && !url.searchParams.has('text'));
    await page.getByTestId('clear-filters').click();
    await cleared;
    await expect(page.getByTestId('value-range-error')).toHaveCount(0);
    await expect(summary).toContainText(`${totalBefore} products`);
  });

  test('sort, per page and the tiles/rows switch', async ({ page }) => {
    await page.goto('/public/webstore');
    await expect(tiles(page).first()).toBeVisible();

    const byPrice = nextListResponse(page, '/public/webstore', (url) => url.searchParams.get('sort_by') === '+price');
    await page.getByTestId('sort-select').selectOption('+price');
    const priceAnswer = (await (await byPrice).json()) as ApiProduct[];
    expect(new URL((await byPrice).url()).searchParams.get('page')).toBe('1');
    await expect.poll(() => tileIds(page)).toEqual(priceAnswer.map((product) => product.id));
    const rrps = priceAnswer.map((product) => product.rrp).filter((rrp): rrp is string => rrp !== null);
    for (let index = 1; index < rrps.length; index += 1) expect(new Decimal(rrps[index]!).gte(rrps[index - 1]!)).toBe(true);

    const perPage48 = nextListResponse(page, '/public/webstore', (url) => url.searchParams.get('per_page') === '48');
    await page.getByTestId('per-page-select').selectOption('48');
    const answer48 = (await (await perPage48).json()) as ApiProduct[];
    await expect(tiles(page)).toHaveCount(answer48.length);
    expect(answer48.length).toBeGreaterThan(24);

    await expect(page.getByTestId('product-list')).toHaveAttribute('data-view', 'tile');
    await page.getByTestId('view-row').click();
    await expect(page.getByTestId('product-list')).toHaveAttribute('data-view', 'row');
    await expect(tiles(page).first()).toHaveClass(/product-tile--row/);
    await page.getByTestId('view-tile').click();
    await expect(page.getByTestId('product-list')).toHaveAttribute('data-view', 'tile');
  });

  test('Buy opens the login prompt; log in keeps the way back; sign up opens the register form', async ({ page }) => {
    await page.goto('/public/webstore');
    await page.getByTestId('buy').first().click();
    await expect(page.getByTestId('login-prompt')).toBeVisible();
    await page.getByTestId('login-prompt-guest').click();
    await expect(page.getByTestId('login-prompt')).toBeHidden();

    await page.getByTestId('buy').first().click();
    await page.getByTestId('login-prompt-sign-up').click();
    await expect(page.getByTestId('register-form')).toBeVisible();
    await page.getByTestId('register-cancel').click();

    await page.getByTestId('buy').first().click();
    await page.getByTestId('login-prompt-login').click();
    await expect(page).toHaveURL(/\/login\?next=%2Fpublic%2Fwebstore/);
  });

  test('the register-interest form validates, submits and shows the success alert', async ({ page }) => {
    await page.goto('/public/webstore');
    await page.getByTestId('request-account').click();
    const form = page.getByTestId('register-form');
    await expect(form).toBeVisible();
    const submit = page.getByTestId('register-submit');
    await expect(submit).toBeDisabled();

    await form.locator('input[name="first_name"]').fill('Ada');
    await form.locator('input[name="last_name"]').fill('Lovelace');
    await form.locator('input[name="email_address"]').fill('not-an-email');
    await form.locator('input[name="company_name"]').click();
    await expect(page.getByTestId('register-email_address')).toContainText('Input a valid email.');
    await form.locator('input[name="email_address"]').fill('ada@engines.example.com');
    await form.locator('input[name="contact_number"]').fill('call me');
    await form.locator('input[name="company_name"]').click();
    await expect(page.getByTestId('register-contact_number')).toContainText('Input a valid phone number.');
    await form.locator('input[name="contact_number"]').fill('+44 (0)20 7946-0000');
    await form.locator('input[name="company_name"]').fill('Analytical Engines');
    await expect(submit).toBeDisabled();
    await form.locator('select[name="company_type"]').selectOption('reseller');
    await form.getByLabel('Zoom').check();
    await form.locator('textarea[name="requirements"]').fill('Video bars for 12 rooms.');
    await expect(submit).toBeEnabled();

    const created = page.waitForResponse((response) => response.url().endsWith('/api/v1/public/request_account'));
    await submit.click();
    expect((await created).status()).toBe(201);
    await expect(page.getByText('Thank you for your interest. We will contact you within 48 hours.')).toBeVisible();
    await expect(form).toBeHidden();
    await page.getByTestId('request-account').click();
    await expect(form.locator('input[name="first_name"]')).toHaveValue('');
  });
});

test.describe('signed-in store', () => {
  test('a GBP buyer sees prices in pounds, finance badges, and a product with its rate plans', async ({ page }) => {
    await signIn(page.request, BUYER);
    const products = await allProducts(page.request, '/api/v1/products');
    await page.goto('/webstore');
    await expect(tiles(page).first()).toBeVisible();
    const amounts = page.getByTestId('product-list').getByTestId('price-amount');
    await expect(amounts.first()).toContainText('£');
    expect((await amounts.allInnerTexts()).some((text) => text.includes('€'))).toBe(false);
    await expect(page.getByTestId('quantity-input').first()).toBeVisible();
    await expect(page.getByTestId('add-to-basket').first()).toBeEnabled();

    // The badge follows 000 §6: this buyer pays in GBP with an AGENT finance organisation.
    const shown = new Set(await tileIds(page));
    const financeable = products.filter((product) => shown.has(product.id) && product.is_financeable).length;
    await expect(page.getByTestId('product-list').getByTestId('finance-badge')).toHaveCount(financeable);

    // Non-root users get product links only for active products that are not drafts (000 §2.3).
    for (const id of shown) {
      const product = products.find((candidate) => candidate.id === id)!;
      const links = page.locator(`[data-testid="product-tile"][data-product-id="${id}"] [data-testid="product-link"]`);
      await expect(links).toHaveCount(product.active && !product.draft ? 1 : 0);
    }

    const planned = products.find((product) => product.rate_plans.length > 1) ?? products.find((product) => product.rate_plans.length > 0);
    expect(planned, 'a demo product with rate plans').toBeDefined();
    await page.goto(`/webstore/product/${planned!.id}`);
    await expect(page.getByTestId('product-name')).toHaveText(planned!.name);
    await expect(page.getByTestId('rate-plan-table')).toBeVisible();
    await expect(page.getByTestId('rate-plan-row')).toHaveCount(planned!.rate_plans.length);
    await expect(page.getByTestId('rate-plan-summary')).toBeVisible();
    await expect(page.getByTestId('charge-table')).toBeVisible();
    await expect(page.getByTestId('back-to-store')).toHaveAttribute('href', '/webstore');
    if (planned!.rate_plans.length > 1) {
      await expect(page.getByTestId('rate-plan-radio')).toHaveCount(planned!.rate_plans.length);
      await page.getByTestId('rate-plan-radio').nth(1).check();
      await expect(page.getByTestId('rate-plan-row').nth(1)).toHaveClass(/selected/);
    }
  });

  test('price on request locks the quantity and blocks adding; stock 0 asks to call', async ({ page }) => {
    await signIn(page.request, BUYER);
    const products = await allProducts(page.request, '/api/v1/products');
    const onRequest = products.find((product) => product.price === null && product.rate_plans.length === 0);
    expect(onRequest, 'a demo product with price on request and no rate plans').toBeDefined();
    await page.goto(`/webstore/product/${onRequest!.id}`);
    await expect(page.getByTestId('price')).toHaveText('Price on request');
    await expect(page.getByTestId('quantity-input')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('add-to-basket')).toBeDisabled();
    await expect(page.getByTestId('add-to-basket')).toHaveAttribute('data-block', 'no_price');

    const outOfStock = products.find((product) => product.stock === '0');
    expect(outOfStock, 'a demo product with stock 0').toBeDefined();
    await page.goto(`/webstore/product/${outOfStock!.id}`);
    await page.getByTestId('stock-info').click();
    await expect(page.getByTestId('stock-info-text')).toHaveText('Out of stock. Please contact us for availability.');
  });

  test('typed quantities are normalised after the pause: 0 becomes 1', async ({ page }) => {
    await signIn(page.request, BUYER);
    const products = await allProducts(page.request, '/api/v1/products');
    const simple = products.find((product) => product.price !== null && product.rate_plans.length === 0);
    expect(simple).toBeDefined();
    await page.goto(`/webstore/product/${simple!.id}`);
    const quantity = page.getByTestId('quantity-input');
    await expect(quantity).toHaveValue('1');
    await quantity.fill('0');
    await expect(quantity).toHaveValue('0');
    await expect(quantity).toHaveValue('1', { timeout: 3000 });
    await quantity.fill('7.8');
    await expect(quantity).toHaveValue('7', { timeout: 3000 });
  });

  test('a EUR buyer sees prices in euros and no finance badge', async ({ page }) => {
    await signIn(page.request, EU_BUYER);
    await page.goto('/webstore');
    await expect(tiles(page).first()).toBeVisible();
    const amounts = page.getByTestId('product-list').getByTestId('price-amount');
    await expect(amounts.first()).toContainText('€');
    expect((await amounts.allInnerTexts()).some((text) => text.includes('£'))).toBe(false);
    await expect(page.getByTestId('finance-badge')).toHaveCount(0);
  });

  test('the root admin sees ∞ and has no quantity to change and no basket controls', async ({ page }) => {
    await signIn(page.request, ROOT_ADMIN);
    await page.goto('/webstore');
    await expect(tiles(page).first()).toBeVisible();
    await expect(page.getByTestId('product-list').getByTestId('price').first()).toHaveText('∞');
    await expect(page.getByTestId('quantity-input')).toHaveCount(0);
    await expect(page.getByTestId('finance-badge')).toHaveCount(0);
    await expect(page.getByTestId('add-to-basket')).toHaveCount(0);
    // Root users see links even for inactive products.
    await expect(page.getByTestId('product-list').getByTestId('product-link')).toHaveCount(await tiles(page).count());
  });

  test('a hidden or unknown product goes to notFound', async ({ page }) => {
    await signIn(page.request, BUYER);
    const listed = new Set((await allProducts(page.request, '/api/v1/products')).map((product) => product.id));
    const highest = Math.max(...listed);
    let hidden: number | undefined;
    for (let id = 1; id <= highest && hidden === undefined; id += 1) {
      if (!listed.has(id) && (await page.request.get(`/api/v1/products/${id}`)).status() === 404) hidden = id;
    }
    expect(hidden, 'a demo product hidden from the webstore').toBeDefined();
    await page.goto(`/webstore/product/${hidden}`);
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByText('Error code 404')).toBeVisible();

    await page.goto('/public/webstore/product/999999999');
    await expect(page.getByText('Page not found')).toBeVisible();
  });
});
