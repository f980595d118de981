import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startSftpServer } from '../../server/testing/feedServers';
import { signInTo } from './support/signIn';

// 002 §2.10, §7, §8 and docs/feeds.md: a feed made in the browser, tested against a real SFTP
// server on loopback, its run shown on its page, its file downloaded.
test('a reseller admin creates an SFTP feed with chosen columns, tests it and downloads its file', async ({ page }) => {
  const sftp = await startSftpServer();
  try {
    await signInTo(page, 'admin@reseller.example', '/webstore/feeds/new', /\/webstore\/feeds\/new$/);
    await page.locator('#root_name').fill('E2E SFTP prices');
    await page.locator('#root_organisation').selectOption('2');
    await page.locator('#root_timeslot').fill('1260');
    await page.locator('#root_delivery_method').selectOption({ label: 'FTP' });
    await page.locator('#root_ftp_server_protocol').selectOption({ label: 'SFTP' });
    await page.locator('#root_delivery_server').fill('127.0.0.1');
    await page.locator('#root_ftp_server_port').fill(String(sftp.port));
    await page.locator('#root_delivery_user').fill(sftp.user);
    await page.locator('#root_delivery_password').fill(sftp.password);
    await page.locator('#root_filename').fill('e2e-prices.csv');
    const columns = page.locator('#root_columns');
    await columns.getByLabel('Name', { exact: true }).check();
    await columns.getByLabel('Price', { exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/feeds\/\d+$/);
    const id = /\/feeds\/(\d+)$/.exec(page.url())![1]!;

    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(page.getByText('A test file of feed E2E SFTP prices has been sent.')).toBeVisible();
    expect(sftp.files()).toEqual(['e2e-prices.csv']);

    await page.getByRole('tab', { name: 'Runs', exact: true }).click();
    const run = page.getByRole('row').filter({ hasText: 'Delivered' });
    await expect(run).toHaveCount(1);
    await expect(run).toContainText('Test');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('e2e-prices.csv');
    const file = await readFile((await download.path())!);
    expect(file.toString('utf8').split('\r\n')[0]).toBe('"SKU","Name","Price (GBP)"');
    expect(file.equals(sftp.read('e2e-prices.csv'))).toBe(true);
    const stored = (await (await page.request.get(`/api/v1/feeds/${id}`)).json()) as { columns: string[]; last_upload: string | null };
    expect(stored).toMatchObject({ columns: ['name', 'price'] });
    expect(stored.last_upload).not.toBeNull();
  } finally {
    await sftp.close();
  }
});

test('a failed Test says why, and the failed run is on the page', async ({ page }) => {
  await signInTo(page, 'admin@reseller.example', '/webstore/feeds/2', /\/webstore\/feeds\/2$/);
  // The demo's SFTP feed names a server that does not exist.
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('The test file of feed Warehouse stock (SFTP) could not be sent.')).toBeVisible();
  await expect(page.getByText(/No server of that name could be found|The server did not answer in time/)).toBeVisible();
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();
});
