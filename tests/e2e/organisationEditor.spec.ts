import { expect, test, type Page } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { SCRIPTED_SVG, solidPng } from '../../server/testing/images';
import { mailedTo } from './support/mailbox';
import { signInTo } from './support/signIn';
import { writeVersionedRows } from '../../server/testing/versionedRows';

// 002 §2.4 the organisation editor in the browser: a new organisation with its first admin (whose
// invitation is read from the SMTP server the portal sends through), an existing one's definition
// and address, and its logo in its users' header.

const ROOT_ADMIN = 'admin@supplier.example';
const RESELLER_ADMIN = 'admin@reseller.example';

const openDatabase = () => openPortalDatabase();

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('a root admin creates an organisation with an address, template roles and a first admin, who is invited', async ({ page }) => {
  test.slow();
  const adminEmail = `first.admin.${Date.now()}@northwind.example`;
  await signInTo(page, ROOT_ADMIN, '/backoffice/organisations/new', /\/organisations\/new$/);
  await expect(page.getByRole('heading', { name: 'New organisation', exact: true })).toBeVisible();
  // Nothing chosen yet: Save waits for a valid definition, and the definition tab says why.
  await page.getByLabel('Name', { exact: true }).fill('Northwind Traders');
  // Organisation ids of the demo data: 2 is Reseller Partners UK.
  await page.getByLabel('Parent organisation').selectOption('2');
  await expect(tab(page, 'Definition')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.getByLabel('Supplier account manager').selectOption({ label: 'Chloe Channel (chloe@reseller.example)' });
  await page.getByLabel('Finance type').selectOption({ label: 'Agent' });
  await page.getByLabel('PO number required').check();
  // 002 §4: an organisation that can create resellers requires no PO numbers.
  await page.getByLabel('Can create resellers').check();
  await expect(page.getByLabel('PO number required')).toBeDisabled();
  await expect(page.getByLabel('PO number required')).not.toBeChecked();
  await expect(tab(page, 'Definition')).not.toHaveAttribute('aria-invalid');

  await tab(page, 'Addresses').click();
  await page.getByRole('button', { name: 'Add address', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill('Head office');
  // Incomplete: flagged, with 002 §5's tooltip, and Save waits.
  await expect(
    page.getByRole('img', { name: 'Please ensure all required fields are completed correctly to proceed', exact: true }),
  ).toBeVisible();
  await page.getByLabel('Company').fill('Northwind Traders Ltd');
  await page.getByLabel('Address line 1').fill('1 Harbour Way');
  await page.getByLabel('City').fill('Hull');
  await page.getByLabel('Postcode').fill('HU1 1AA');
  await page.getByLabel('Country').selectOption('GB');
  await expect(page.getByRole('img', { name: /Please ensure/ })).toHaveCount(0);

  await tab(page, 'First admin user').click();
  await page.getByLabel('Create a first admin user and send them an invitation').check();
  await page.getByLabel('Name', { exact: true }).fill('Nora Admin');
  await page.getByLabel('E-mail').fill(adminEmail);
  await page.getByLabel('Time zone').selectOption('Europe/London');

  // The reseller's template roles come ticked with the parent (002 §6).
  await tab(page, 'Template roles').click();
  await expect(page.getByRole('checkbox', { name: 'Reseller sales', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Customer buyer', exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Organisation updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/organisations\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Northwind Traders', exact: true })).toBeVisible();
  await expect(page.getByLabel('Finance type')).toHaveValue('AGENT');

  // The invitation, as the portal's SMTP server received it.
  const invitation = await mailedTo(adminEmail, /\/set_password#[A-Za-z0-9_-]{40,}/);
  expect(invitation).toContain('Subject: ');
  await tab(page, 'Users').click();
  await expect(page.getByRole('link', { name: 'Nora Admin', exact: true })).toBeVisible();
});

test("a reseller admin edits a customer's definition and address, and Cancel puts back what was saved", async ({ page }) => {
  // Later files find EU Customer by its demo name, language and address: put them back afterwards.
  try {
    await editEuCustomer(page);
  } finally {
    const db = openDatabase();
    try {
      await writeVersionedRows(db, async (trx) => {
        await trx('organisations').where('id', 4).update({ name: 'EU Customer GmbH', preferred_language: 'en' });
        await trx('addresses').where({ organisation_id: 4, id: 6 }).update({ city: 'Berlin' });
      });
    } finally {
      await db.destroy();
    }
  }
});

async function editEuCustomer(page: Page): Promise<void> {
  await signInTo(page, RESELLER_ADMIN, '/backoffice/organisations/4', /\/organisations\/4$/);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill('EU Customer GmbH (Berlin)');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('EU Customer GmbH');
  // The supplier's fields are the root users' (002 §2.4).
  await expect(page.getByLabel('Price list')).toHaveCount(0);

  await page.getByLabel('Name', { exact: true }).fill('EU Customer GmbH (Berlin)');
  await page.getByLabel('Preferred language').selectOption({ label: 'Deutsch' });
  await tab(page, 'Addresses').click();
  await page.getByLabel('City').fill('Berlin-Mitte');
  await save.click();
  await expect(page.getByText('Organisation updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'EU Customer GmbH (Berlin)', exact: true })).toBeVisible();
  await expect(page.getByLabel('Preferred language')).toHaveValue('de');
  await tab(page, 'Addresses').click();
  await expect(page.getByLabel('City')).toHaveValue('Berlin-Mitte');
  await tab(page, 'Audit log').click();
  await expect(page.getByRole('cell', { name: 'EU Customer GmbH (Berlin)', exact: true })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'Zentrale, EU Customer GmbH, Friedrichstraße 100, Berlin-Mitte, 10117, DE', exact: true }),
  ).toBeVisible();
}

test('a file that is not an image is refused with the "image files only" warning, and nothing is sent', async ({ page }) => {
  await signInTo(page, RESELLER_ADMIN, '/backoffice/organisations/3', /\/organisations\/3$/);
  await tab(page, 'Custom branding').click();
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(SCRIPTED_SVG) });
  await expect(page.getByText('Image files only', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});

test("an organisation's logo and colour are what its users see in the header", async ({ page, browser }) => {
  test.slow();
  await signInTo(page, RESELLER_ADMIN, '/backoffice/organisations/3', /\/organisations\/3$/);
  await tab(page, 'Custom branding').click();
  await page.getByLabel('Logo').setInputFiles({ name: 'customer-logo.png', mimeType: 'image/png', buffer: solidPng(40, 20, '#c0392b') });
  await expect(page.getByTestId('branding-image-preview')).toBeVisible();
  await page.getByLabel('Navigation bar colour').first().fill('#2e7d32');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Organisation updated successfully')).toBeVisible();

  const buyer = await browser.newPage();
  await signInTo(buyer, 'buyer@customer.example', '/webstore/orders');
  const logo = buyer.getByRole('banner').getByRole('img', { name: 'Customer Co Ltd', exact: true });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^\/api\/v1\/branding\/[0-9a-f]{32}$/);
  await expect(buyer.getByRole('banner')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await buyer.close();
});

const BRANDING_FIELDS = ['nav_bar_colour', 'footer_text', 'heading_font', 'text_body_font'] as const;

test("a reseller's branding edited in the editor is what its users and its customers' users see, unless they set their own", async ({
  page,
  browser,
}) => {
  // Three sign-ins (each an scrypt hash) on a shared machine.
  test.setTimeout(150_000);
  const db = openDatabase();
  const saved = (await db('organisations')
    .where('id', 2)
    .first(...BRANDING_FIELDS)) as Record<string, string | null>;
  await db.destroy();
  try {
    await signInTo(page, RESELLER_ADMIN, '/backoffice/organisations/2', /\/organisations\/2$/);
    await tab(page, 'Custom branding').click();
    await page.getByLabel('Navigation bar colour').first().fill('#5b2c6f');
    await page.getByLabel('Footer text').fill('Reseller Partners UK: support on 0161 000 0000');
    await page.getByLabel('Heading font').fill('Georgia, serif');
    await page.getByLabel('Body text font').fill('Verdana, sans-serif');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Organisation updated successfully')).toBeVisible();

    // Its own users (the admin who saved, once the page is loaded again) see it: header colour, footer, fonts.
    await page.reload();
    await expectBranding(page, { colour: 'rgb(91, 44, 111)', footer: 'Reseller Partners UK: support on 0161 000 0000' });

    // A customer below it without branding of its own takes every field from the reseller.
    const euBuyer = await browser.newPage();
    await signInTo(euBuyer, 'buyer@eu-customer.example', '/webstore/orders');
    await expectBranding(euBuyer, { colour: 'rgb(91, 44, 111)', footer: 'Reseller Partners UK: support on 0161 000 0000' });
    await euBuyer.close();

    // A customer with a colour of its own keeps it, and takes the reseller's footer and fonts.
    const stage = openDatabase();
    await writeVersionedRows(stage, (trx) =>
      trx('organisations')
        .where('id', 3)
        .update({ nav_bar_colour: '#2e7d32', footer_text: null, heading_font: null, text_body_font: null }),
    );
    await stage.destroy();
    const buyer = await browser.newPage();
    await signInTo(buyer, 'buyer@customer.example', '/webstore/orders');
    await expectBranding(buyer, { colour: 'rgb(46, 125, 50)', footer: 'Reseller Partners UK: support on 0161 000 0000' });
    await buyer.close();
  } finally {
    const restore = openDatabase();
    await writeVersionedRows(restore, (trx) => trx('organisations').where('id', 2).update(saved));
    await restore.destroy();
  }
});

/** The header's colour, the footer's text, and the fonts the page's headings and text are drawn in. */
async function expectBranding(page: Page, { colour, footer }: { colour: string; footer: string }): Promise<void> {
  await expect(page.getByRole('banner')).toHaveCSS('background-color', colour);
  await expect(page.getByRole('contentinfo')).toHaveText(footer);
  await expect(page.locator('main h1').first()).toHaveCSS('font-family', 'Georgia, serif');
  await expect(page.locator('main')).toHaveCSS('font-family', 'Verdana, sans-serif');
}
