import { expect, test } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * The header's language switch (000 §1, 002 §1): the interface changes at once, the choice is
 * saved on the user (it survives a reload), and switching back restores English.
 */
const USER = 'buyer@customer.example';

// Whatever happens above, the demo user goes back to English for the tests that follow.
test.afterEach(async ({ page }) => {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'hub_csrf')?.value ?? '';
  await page.request.put('/api/v1/whoami/language', { data: { user_language: 'en' }, headers: { 'x-csrf-token': csrf } });
});

test('a signed-in user switches to Deutsch, keeps it after a reload, and switches back', async ({ page }) => {
  await signInTo(page, USER, '/webstore/baskets', /\/webstore\/baskets$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Baskets');
  const languages = page.getByRole('combobox', { name: 'Language', exact: true });
  // Each language is offered in its own words.
  await expect(languages.getByRole('option')).toHaveText(['Deutsch', 'English', 'Español', 'Français', 'Italiano', 'Nederlands']);

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/v1/whoami/language'),
  );
  await languages.selectOption({ label: 'Deutsch' });
  await expect(heading).toHaveText('Warenkörbe');
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Money and dates in German: `1.234,56 £`, `5. März 2026`.
  await expect(
    page
      .getByRole('gridcell')
      .filter({ hasText: /^\d{1,3}(\.\d{3})*,\d\d\s£$/u })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('gridcell')
      .filter({ hasText: /^\d{1,2}\. \S+ \d{4}$/u })
      .first(),
  ).toBeVisible();

  // Saved as the user's language: a reload comes back in German.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warenkörbe');
  const sprachen = page.getByRole('combobox', { name: 'Sprache', exact: true });
  await expect(sprachen).toHaveValue('de');

  await sprachen.selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Baskets');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Baskets');
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toBeVisible();
});
