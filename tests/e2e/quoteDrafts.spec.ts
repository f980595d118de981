import { expect, test } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { FORBIDDEN, signInTo } from './support/signIn';
import { writeVersionedRows } from '../../server/testing/versionedRows';

/** Gives EU Customer (4) a linked account and a catalogue for one test, so a draft can change recipient. */
async function withEuCustomerEligible(run: () => Promise<void>): Promise<void> {
  const db = openPortalDatabase();
  try {
    await writeVersionedRows(db, (trx) => trx('organisations').where('id', 4).update({ is_linked: true, catalogue_id: 2 }));
    await run();
  } finally {
    await writeVersionedRows(db, (trx) => trx('organisations').where('id', 4).update({ is_linked: false, catalogue_id: null }));
    await db.destroy();
  }
}

// 001 §2 quote editor (details), 002 §6: root users with quote:create start a draft, quote:amend edits it.
test.describe('outward quotes: draft details', () => {
  test('a root admin creates a quote, lands on its draft, edits it, and its outward view opens the draft', async ({ page }) => {
    // Five page loads on a shared machine: more than the default 30 s.
    test.slow();
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    await page.getByRole('link', { name: 'Create new quote', exact: true }).first().click();
    await expect(page).toHaveURL(/\/webstore\/quotesoutward\/new$/);
    // Only organisations below the user's own with a linked account and a catalogue are offered.
    const recipient = page.getByTestId('organisation_to');
    await expect(recipient.locator('option')).toHaveText(['-- Select organisation --', 'Reseller Partners UK Ltd']);
    await recipient.selectOption({ label: 'Reseller Partners UK Ltd' });
    await page.getByTestId('recipient_name').fill('Rita Reseller');
    await page.getByTestId('recipient_email').fill('rita@reseller.example');
    await page.getByTestId('name').fill('E2E spring quote');
    await page.getByTestId('product-search').fill('GEN-HDMI-5M');
    await page.locator('[data-testid="product-result"][data-product-code="GEN-HDMI-5M"]').getByRole('button').click();
    await page.getByTestId('quote-save').click();
    await expect(page).toHaveURL(/\/webstore\/quotesoutward\/\d+\/draft$/);
    const id = /quotesoutward\/(\d+)\/draft/.exec(page.url())![1]!;
    // The editor replaces the new quote once it has loaded the saved draft.
    await expect(page.getByRole('heading', { name: 'Quote E2E spring quote', exact: true })).toBeVisible();
    await expect(page.getByTestId('recipient_email')).toHaveValue('rita@reseller.example');

    const save = page.getByTestId('quote-save');
    await expect(save).toBeDisabled();
    await page.getByTestId('purchase_order_number').fill('PO-E2E-1');
    await save.click();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId('purchase_order_number')).toHaveValue('PO-E2E-1');

    // 001 §2: DRAFT quotes redirect from the outward view to the editor.
    await page.goto(`/webstore/quotesoutward/${id}`);
    await expect(page).toHaveURL(new RegExp(`/webstore/quotesoutward/${id}/draft$`));
    await expect(page.getByTestId('name')).toHaveValue('E2E spring quote');
  });

  test("choosing another recipient, once confirmed, empties the recipient's name and e-mail and the lines", async ({ page }) => {
    await withEuCustomerEligible(async () => {
      // Demo quote 13 is a DRAFT to Reseller Partners.
      await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward/13/draft', /\/13\/draft$/);
      await expect(page.getByTestId('recipient_name')).not.toHaveValue('');
      await expect(page.getByTestId('quote-line').first()).toBeVisible();
      await page.getByTestId('organisation_to').selectOption({ label: 'EU Customer GmbH' });
      // Declined, nothing changes.
      await page.getByRole('dialog').getByRole('button', { name: 'No', exact: true }).click();
      await expect(page.getByTestId('organisation_to')).toHaveValue('2');
      await page.getByTestId('organisation_to').selectOption({ label: 'EU Customer GmbH' });
      await page.getByTestId('change-recipient-yes').click();
      await expect(page.getByTestId('recipient_name')).toHaveValue('');
      await expect(page.getByTestId('recipient_email')).toHaveValue('');
      await expect(page.getByTestId('quote-no-lines')).toBeVisible();
      await page.getByTestId('quote-cancel').click();
      await expect(page.getByTestId('organisation_to')).toHaveValue('2');
      await expect(page.getByTestId('recipient_name')).not.toHaveValue('');
    });
  });

  test('a sent quote is not editable: its draft route is not found, its outward view stays', async ({ page }) => {
    // Demo quote 2 is PUBLISHED.
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward/2/draft');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.goto('/webstore/quotesoutward/2');
    await expect(page).toHaveURL(/\/webstore\/quotesoutward\/2$/);
  });

  test('a reseller admin (not root) may not create or edit quotes', async ({ page }) => {
    await signInTo(page, 'admin@reseller.example', '/webstore/quotesoutward/new');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    await page.goto('/webstore/quotesoutward/1/draft');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });
});
