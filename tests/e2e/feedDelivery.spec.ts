import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startSftpServer } from '../../server/testing/feedServers';
import { writeVersionedRows } from '../../server/testing/versionedRows';
import { apiWrite } from './support/api';
import { openPortalDatabase } from './support/portal';
import { signInTo } from './support/signIn';

// 002 §2.10, §7, §8 and docs/feeds.md: a feed tested from the feeds list against a real SFTP server
// on loopback, its last run on its row and its page, its file downloaded; a failed Test says why.
// The feed page's own flow (made through its tabs) is tests/e2e/feedPage.spec.ts.

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test('a feed tested from its row is delivered to an SFTP server; the row shows the run, the page too, and the download is the file', async ({
  page,
}) => {
  const sftp = await startSftpServer();
  let id: string | undefined;
  // The clean-up below must not replace the failure that brought it: once a test has timed out
  // its browser context is gone, and the DELETE's own error would be all the report showed.
  let failure: unknown;
  try {
    await signInTo(page, 'admin@reseller.example', '/webstore/feeds', /\/webstore\/feeds$/);
    const feed = await apiWrite(page, 'POST', '/feeds', {
      name: 'E2E SFTP prices',
      organisation: 2,
      timeslot: 1260,
      delivery_method: 'FTP',
      ftp_server_protocol: 'SFTP',
      delivery_server: '127.0.0.1',
      ftp_server_port: sftp.port,
      delivery_user: sftp.user,
      delivery_password: sftp.password,
      filename: 'e2e-prices.csv',
      columns: ['name', 'price'],
    });
    id = String(feed['id']);
    await page.reload();
    const row = rowOf(page, 'E2E SFTP prices');
    await expect(row).toContainText('Not run yet');
    // 002 §2.10: Test is the one row action without a confirmation.
    await row.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(page.getByText('A test file of feed E2E SFTP prices has been sent.')).toBeVisible();
    expect(sftp.files()).toEqual(['e2e-prices.csv']);
    await expect(row).toContainText(/Delivered, \d/);

    await row.getByRole('link', { name: 'E2E SFTP prices', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/webstore/feeds/${id}$`));
    await page.getByRole('tab', { name: 'Runs', exact: true }).click();
    const run = page.getByRole('row').filter({ hasText: 'Delivered' });
    await expect(run).toHaveCount(1);
    await expect(run).toContainText('Test');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 10_000 }),
      page.getByRole('link', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('e2e-prices.csv');
    const file = await readFile((await download.path())!);
    expect(file.toString('utf8').split('\r\n')[0]).toBe('"SKU","Name","Price (GBP)"');
    expect(file.equals(sftp.read('e2e-prices.csv'))).toBe(true);
    const stored = (await (await page.request.get(`/api/v1/feeds/${id}`)).json()) as { columns: string[]; last_upload: string | null };
    expect(stored).toMatchObject({ columns: ['name', 'price'] });
    expect(stored.last_upload).not.toBeNull();
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    await sftp.close();
    if (id !== undefined)
      await apiWrite(page, 'DELETE', `/feeds/${id}`).catch((error: unknown) => {
        if (failure === undefined) throw error;
      });
  }
});

test('a failed Test says why, and the failed run is on the page and its row', async ({ page }) => {
  await signInTo(page, 'admin@reseller.example', '/webstore/feeds/2', /\/webstore\/feeds\/2$/);
  // The demo's SFTP feed names a server that does not exist. On its page Test is confirmed: it sends the feed as saved.
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Send a test file of feed Warehouse stock (SFTP) now, by its saved delivery settings?');
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText('The test file of feed Warehouse stock (SFTP) could not be sent.')).toBeVisible();
  const reason = /No server of that name could be found|The server did not answer in time/;
  await expect(page.getByText(reason)).toBeVisible();
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Back to feeds', exact: true }).click();
  const last = rowOf(page, 'Warehouse stock (SFTP)').locator('.last-run');
  await expect(last).toContainText(/^Failed, \d/);
  await expect(last).toHaveAttribute('title', reason);
});

test('a scheduled run waiting for its retry shows on the Runs tab as running, why it failed, and when it is tried next', async ({
  page,
}) => {
  await signInTo(page, 'admin@reseller.example', '/webstore/feeds', /\/webstore\/feeds$/);
  const feed = await apiWrite(page, 'POST', '/feeds', {
    name: 'E2E retried prices',
    timeslot: 1260,
    organisation: 2,
    delivery_method: 'EMAIL',
    delivery_email: 'prices@reseller.example',
  });
  const id = Number(feed['id']);
  const db = openPortalDatabase();
  try {
    // As the scheduler leaves a run whose first delivery was refused (server/modules/feeds/runs.ts).
    const started = Date.now() - 60_000;
    await writeVersionedRows(db, (trx) =>
      trx('feed_runs').insert({
        feed_id: id,
        kind: 'SCHEDULED',
        slot: started,
        started_at: started,
        outcome: 'RUNNING',
        attempts: 1,
        error: 'feed_connection_refused',
        error_detail: 'connect ECONNREFUSED 127.0.0.1:2121',
        retry_at: started + 5 * 60_000,
      }),
    );
    await page.goto(`/webstore/feeds/${id}`);
    await page.getByRole('tab', { name: 'Runs', exact: true }).click();
    const run = page.getByRole('row').filter({ hasText: 'Running' });
    await expect(run).toHaveCount(1);
    const headers = await page.getByRole('columnheader').allInnerTexts();
    const column = headers.map((text) => text.trim()).indexOf('Next attempt');
    expect(column).toBeGreaterThan(-1);
    // A time, five minutes after the start's.
    const startedText = (await run.getByRole('gridcell').first().innerText()).trim();
    await expect(run.getByRole('gridcell').nth(column)).toHaveText(/\d{1,2}:\d{2}/);
    expect((await run.getByRole('gridcell').nth(column).innerText()).trim()).not.toBe(startedText);
    await expect(run).toContainText('The server refused the connection');
  } finally {
    await db.destroy();
    await apiWrite(page, 'DELETE', `/feeds/${id}`);
  }
});
