import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startSftpServer } from '../../server/testing/feedServers';
import { apiRead, apiWrite } from './support/api';
import { signInTo } from './support/signIn';

/**
 * The feed page (002 §2.10, §4, §5; docs/feeds.md "The feed page"): a feed made through its tabs
 * and delivered to a real SFTP server on loopback, and the rules the page checks as the user
 * types. Every test removes the feeds it made: the browser tests share one database.
 */

const RESELLER_ADMIN = 'admin@reseller.example';
const RESELLER = '2';

// A tab with a problem on it is marked aria-invalid, with an icon outside its name.
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The delivery method's select (its label, "Delivery", is also the name of the tab panel it is on). */
const method = (page: Page) => page.getByRole('combobox', { name: 'Delivery', exact: true });

/** Answers the open confirmation with Yes and waits for it to close. */
async function confirm(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a reseller admin makes an SFTP feed with chosen columns on its page, tests it, sees the run, downloads the file and forgets the server key', async ({
  page,
}) => {
  const sftp = await startSftpServer();
  let id: string | undefined;
  try {
    await signInTo(page, RESELLER_ADMIN, '/webstore/feeds', /\/webstore\/feeds$/);
    await page.getByRole('link', { name: 'Add new feed', exact: true }).first().click();
    await expect(page).toHaveURL(/\/webstore\/feeds\/new$/);
    await expect(page.getByRole('heading', { name: 'Now creating feed', exact: true })).toBeVisible();
    // A new feed has no audit log or runs yet.
    await expect(page.getByRole('tab')).toHaveText(['Definition', 'Delivery', 'Configuration']);

    await field(page, 'Name').fill('E2E page SFTP');
    await field(page, 'Organisation').selectOption(RESELLER);
    await field(page, 'Runs every day at').selectOption({ label: '21:00' });

    await tab(page, 'Delivery').click();
    await method(page).selectOption({ label: 'FTP' });
    await expect(field(page, 'Port')).toHaveValue('21');
    await field(page, 'Protocol').selectOption({ label: 'SFTP' });
    await expect(field(page, 'Port')).toHaveValue('22');
    await field(page, 'Server').fill('127.0.0.1');
    await field(page, 'Port').fill(String(sftp.port));
    await field(page, 'User').fill(sftp.user);
    await field(page, 'Password').fill(sftp.password);
    await field(page, 'Filename').fill('e2e-page.csv');

    await tab(page, 'Configuration').click();
    const chosen = page.getByRole('list', { name: 'Columns of the file, in order', exact: true });
    await expect(chosen.getByRole('listitem')).toHaveText(['SKU (always first)']);
    await page.getByRole('button', { name: 'Add Price', exact: true }).click();
    await page.getByRole('button', { name: 'Add Name', exact: true }).click();
    await page.getByRole('button', { name: 'Move Name up', exact: true }).click();
    await expect(chosen.getByRole('listitem')).toHaveText([/SKU/, /Name/, /Price/]);
    // SKU is always first: it has no buttons to move or remove it.
    await expect(chosen.getByRole('listitem').first().getByRole('button')).toHaveCount(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/feeds\/\d+$/);
    id = /\/feeds\/(\d+)$/.exec(page.url())![1]!;
    await expect(page.getByText('Feed E2E page SFTP has been created.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Feed: E2E page SFTP', exact: true })).toBeVisible();
    // Saved and unchanged: neither Save nor Cancel.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await confirm(page, 'Send a test file of feed E2E page SFTP now, by its saved delivery settings?');
    await expect(page.getByText('A test file of feed E2E page SFTP has been sent.')).toBeVisible();
    expect(sftp.files()).toEqual(['e2e-page.csv']);

    await tab(page, 'Runs').click();
    const run = page.getByRole('row').filter({ hasText: 'Delivered' });
    await expect(run).toHaveCount(1);
    await expect(run).toContainText('Test');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('e2e-page.csv');
    const file = await readFile((await download.path())!);
    expect(file.toString('utf8').split('\r\n')[0]).toBe('"SKU","Name","Price (GBP)"');
    expect(file.equals(sftp.read('e2e-page.csv'))).toBe(true);
    expect(await apiRead(page, `/feeds/${id}`)).toMatchObject({
      columns: ['name', 'price'],
      ftp_server_protocol: 'SFTP',
      timeslot: 1260,
      sftp_host_key_set: true,
    });

    // The server's key was recorded at the first delivery; a changed server is trusted again once it is forgotten.
    await tab(page, 'Delivery').click();
    await expect(page.getByText('A password is stored; it is never shown.')).toBeVisible();
    await expect(page.getByText("The SFTP server's key was recorded at the first delivery")).toBeVisible();
    await page.getByRole('button', { name: 'Forget server key', exact: true }).click();
    await confirm(page, 'Forget the SFTP server key recorded for feed E2E page SFTP?');
    await expect(page.getByText('The server key of feed E2E page SFTP has been forgotten.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Forget server key', exact: true })).toHaveCount(0);
    expect((await apiRead(page, `/feeds/${id}`))['sftp_host_key_set']).toBe(false);

    // The list shows the feed's last run.
    await page.getByRole('link', { name: 'Back to feeds', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'E2E page SFTP', exact: true }) });
    await expect(row).toContainText(/Delivered, \d/);
  } finally {
    if (id !== undefined) await apiWrite(page, 'DELETE', `/feeds/${id}`);
    await sftp.close();
  }
});

test('the page checks names, filenames, ports and the time slot as the user types, the port following the protocol', async ({ page }) => {
  await signInTo(page, RESELLER_ADMIN, '/webstore/feeds/new', /\/webstore\/feeds\/new$/);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  // A new feed may be saved as it is once valid: Save and Cancel show from the start, Save waiting for validity.
  await expect(save).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();

  await field(page, 'Organisation').selectOption(RESELLER);
  await field(page, 'Name').fill('daily PRICE file');
  await expect(page.getByText('An organisation cannot have two feeds with the same name.')).toBeVisible();
  await field(page, 'Name').fill('E2E typed rules');
  await expect(page.getByText('An organisation cannot have two feeds with the same name.')).toHaveCount(0);
  // 48 slots, every half hour, shown as times of day.
  const slot = field(page, 'Runs every day at');
  await expect(slot.locator('option')).toHaveCount(49);
  await expect(slot.locator('option').nth(1)).toHaveText('00:00');
  await expect(slot.locator('option').last()).toHaveText('23:30');
  await expect(page.getByText('This field is required.')).toBeVisible();
  await slot.selectOption({ label: '06:30' });

  await tab(page, 'Delivery').click();
  await field(page, 'Delivery e-mail').fill('not-an-address');
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await field(page, 'Delivery e-mail').fill('feeds@reseller.example');

  const filename = field(page, 'Filename');
  // The default name is the time of the build in the user's timezone, shown as the placeholder.
  await expect(filename).toHaveAttribute('placeholder', /^\d{14} - Hub Feed\.csv$/);
  await filename.fill('prices:today.csv');
  await expect(page.getByText('The filename must not start with two dots or contain any of')).toBeVisible();
  await expect(tab(page, 'Delivery')).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await filename.fill('..prices.csv');
  await expect(page.getByText('The filename must not start with two dots or contain any of')).toBeVisible();
  await filename.fill('prices-YYYYMMDDHHmmss.csv');
  await expect(page.getByText('The filename must not start with two dots or contain any of')).toHaveCount(0);
  await expect(page.getByText(/Made now, the file would be named prices-\d{14}\.csv\./)).toBeVisible();
  await expect(save).toBeEnabled();

  // FTP 21, SFTP 22, FTPS 990; a port the user typed stays.
  await method(page).selectOption({ label: 'FTP' });
  const port = field(page, 'Port');
  await expect(port).toHaveValue('21');
  await field(page, 'Protocol').selectOption({ label: 'FTPS' });
  await expect(port).toHaveValue('990');
  await field(page, 'Protocol').selectOption({ label: 'SFTP' });
  await expect(port).toHaveValue('22');
  await port.fill('1');
  await expect(page.getByText('Not a valid port: a number from 2 to 65535.')).toBeVisible();
  await port.fill('2222');
  await field(page, 'Protocol').selectOption({ label: 'FTP' });
  await expect(port).toHaveValue('2222');
  await expect(save).toBeDisabled();

  // Stock in the Channel takes its file as it is: no configuration, and its file named after the organisation.
  await method(page).selectOption({ label: 'Stock in the Channel' });
  await expect(tab(page, 'Configuration')).toBeDisabled();
  await expect(tab(page, 'Configuration')).toHaveAccessibleDescription(
    'Stock in the Channel takes its file as it is: columns and format are not configured for it.',
  );
  await expect(page.getByText('reseller partners uk ltd.csv')).toBeVisible();
  await expect(filename).toHaveCount(0);

  // Cancel takes a new feed back to the defaults.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(method(page)).toHaveValue('EMAIL');
  await tab(page, 'Definition').click();
  await expect(field(page, 'Name')).toHaveValue('');
});

test('an organisation with ten feeds is offered but disabled, and an existing feed shows Save and Cancel only once changed', async ({
  page,
}) => {
  await signInTo(page, RESELLER_ADMIN, '/webstore/feeds/new', /\/webstore\/feeds\/new$/);
  const count = (
    (await (await page.request.get('/api/v1/feeds/organisations?is_linked=true')).json()) as { id: number; feed_count: number }[]
  ).find((row) => row.id === 2)!.feed_count;
  const staged: string[] = [];
  try {
    for (let made = count; made < 10; made++) {
      staged.push(
        String(
          (
            await apiWrite(page, 'POST', '/feeds', {
              name: `E2E filler ${made}`,
              organisation: 2,
              timeslot: 0,
              delivery_email: 'feeds@reseller.example',
            })
          )['id'],
        ),
      );
    }
    await page.reload();
    const full = field(page, 'Organisation').locator('option[value="2"]');
    await expect(full).toBeDisabled();
    await expect(full).toHaveText(/Reseller Partners UK Ltd \(10 feeds: the maximum\)/);
    await expect(full).toHaveAttribute('title', 'This organisation already has the maximum of 10 feeds.');

    // The feed's own organisation stays open to it, however many feeds it has.
    await page.goto(`/webstore/feeds/${staged.at(-1) ?? '1'}`);
    await expect(field(page, 'Organisation')).toHaveValue('2');
    await expect(field(page, 'Organisation').locator('option[value="2"]')).toBeEnabled();
  } finally {
    for (const id of staged) await apiWrite(page, 'DELETE', `/feeds/${id}`);
  }

  await page.goto('/webstore/feeds/2');
  await expect(page.getByRole('heading', { name: 'Feed: Warehouse stock (SFTP)', exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Definition', 'Delivery', 'Configuration', 'Runs', 'Audit log']);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveCount(0);
  await field(page, 'Name').fill('Warehouse stock (SFTP) renamed');
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(field(page, 'Name')).toHaveValue('Warehouse stock (SFTP)');
  await expect(save).toHaveCount(0);

  // The password is never sent back: it is set or changed, not shown; a saved SITC readiness stays.
  await tab(page, 'Delivery').click();
  await expect(page.getByText('A password is stored; it is never shown.')).toBeVisible();
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(field(page, 'New password')).toHaveValue('');
  await page.getByRole('button', { name: 'Keep the stored password', exact: true }).click();
  await expect(save).toHaveCount(0);

  await page.goto('/webstore/feeds/3');
  await tab(page, 'Delivery').click();
  await expect(page.getByRole('checkbox', { name: 'Stock in the Channel ready', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Stock in the Channel ready', exact: true })).toBeDisabled();
  await expect(tab(page, 'Configuration')).toBeDisabled();
});
