import { expect, test } from '@playwright/test';
import { connect } from '../../server/db/connect';
import { ScratchProject } from '../lowcode/scratchProject';
import { writeVersionedRows } from '../../server/testing/versionedRows';

/**
 * The low-code promise (issue 3): a product owner adds a field to an entity, shows it as a column
 * and a filter of its list screen, runs `hub generate` — and the database, the API and the screen
 * have it, with no hand-written line. Renaming keeps the data; dropping needs the spec to say so.
 * Everything happens in a scratch copy of the project; the real spec is untouched.
 */

const BUYER = 'buyer@customer.example';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('a field added in the spec reaches the database, the API and the list screen; renames keep data; drops need consent', async ({
  page,
}) => {
  const scratch = new ScratchProject();
  const databaseUrl = `sqlite://${scratch.root}/data/hub.sqlite`;
  try {
    // 1. The product owner's edit: entity field, row schema, list filter, screen column and filter, label.
    scratch.setIn('entities', 'order', ['fields', 'sales_channel'], { type: 'string', max: 40, nullable: true });
    scratch.appendTo('schemas', 'OrderRow', ['fields'], 'sales_channel');
    scratch.setIn('operations', 'listOrders', ['generic', 'filters', 'sales_channel'], { field: 'sales_channel', match: 'eq' });
    scratch.appendTo('screens', 'orders', ['columns'], { field: 'sales_channel', label: 'orders.sales_channel' });
    scratch.appendTo('screens', 'orders', ['filters'], { param: 'sales_channel', widget: 'text', label: 'orders.sales_channel' });
    // Every locale's catalogue must have the label (hub generate refuses a key missing in one).
    scratch.addMessage('orders.reference', 'orders.sales_channel', {
      de: 'Vertriebskanal',
      en: 'Sales channel',
      es: 'Canal de venta',
      fr: 'Canal de vente',
      it: 'Canale di vendita',
      nl: 'Verkoopkanaal',
    });
    scratch.generate();
    const [added] = scratch.newMigrations();
    expect(added, 'a new migration').toBeDefined();
    expect(scratch.readFile(`server/migrations/${added}`)).toContain('table.string("sales_channel", 40).nullable();');

    // 2. The generated portal: data in the new column shows in the API and on the screen.
    const port = await scratch.start(databaseUrl);
    const db = connect(databaseUrl);
    const buyerOrg = await db('users as u')
      .join('organisations as o', 'o.id', 'u.organisation_id')
      .where('u.email_address', BUYER)
      .first('o.id');
    const tagged = await db('orders').where('organisation_id', buyerOrg.id).orderBy('id').first('id', 'name');
    await writeVersionedRows(db, (trx) => trx('orders').where('id', tagged.id).update({ sales_channel: 'Partner portal' }));
    await db.destroy();

    await page.goto(`http://localhost:${port}/login?next=${encodeURIComponent('/webstore/orders')}`);
    await page.getByLabel('E-mail address').fill(BUYER);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/orders$/);
    const api = await page.request.get(`http://localhost:${port}/api/v1/orders?sales_channel=${encodeURIComponent('Partner portal')}`);
    expect(api.status()).toBe(200);
    const rows = (await api.json()) as { id: number; sales_channel: string | null }[];
    expect(rows.map((row) => row.id)).toEqual([tagged.id]);
    expect(rows[0]?.sales_channel).toBe('Partner portal');

    await expect(page.getByRole('columnheader', { name: 'Sales channel', exact: true })).toBeVisible();
    await page.getByLabel('Sales channel').fill('Partner portal');
    await expect(page.getByText('Partner portal').first()).toBeVisible();
    await expect(page.getByRole('link', { name: tagged.name, exact: true })).toBeVisible();
    await scratch.stop();

    // 3. A rename keeps the data: the spec says what the field was called.
    scratch.deleteIn('entities', 'order', ['fields', 'sales_channel']);
    scratch.setIn('entities', 'order', ['fields', 'channel'], { type: 'string', max: 40, nullable: true, renamed_from: 'sales_channel' });
    scratch.edit('schemas', 'OrderRow', (document, base) => {
      const fields = document.getIn([...base, 'fields']) as { items: { value: unknown }[] };
      for (const item of fields.items) if (item.value === 'sales_channel') item.value = 'channel';
    });
    scratch.setIn('operations', 'listOrders', ['generic', 'filters', 'sales_channel'], { field: 'channel', match: 'eq' });
    scratch.edit('screens', 'orders', (document, base) => {
      const columns = document.getIn([...base, 'columns']) as {
        items: { get(key: string): unknown; set(key: string, value: unknown): void }[];
      };
      for (const column of columns.items) if (column.get('field') === 'sales_channel') column.set('field', 'channel');
    });
    // Orders are audited: the renamed field needs its label too (the audit tab shows it).
    scratch.addMessage('orders.reference', 'orders.channel', {
      de: 'Kanal',
      en: 'Channel',
      es: 'Canal',
      fr: 'Canal',
      it: 'Canale',
      nl: 'Kanaal',
    });
    scratch.generate();
    const renamed = scratch.newMigrations().find((name) => name !== added);
    expect(renamed, 'a rename migration').toBeDefined();
    expect(scratch.readFile(`server/migrations/${renamed}`)).toContain('table.renameColumn("sales_channel", "channel");');
    scratch.migrate(databaseUrl);
    const after = connect(databaseUrl);
    expect((await after('orders').where('id', tagged.id).first('channel')).channel).toBe('Partner portal');
    await after.destroy();

    // 4. Dropping the field would lose data: refused until the spec marks it as intended.
    scratch.deleteIn('entities', 'order', ['fields', 'channel']);
    scratch.edit('schemas', 'OrderRow', (document, base) => {
      const fields = document.getIn([...base, 'fields']) as { items: { value: unknown }[] };
      fields.items = fields.items.filter((item) => item.value !== 'channel');
    });
    scratch.deleteIn('operations', 'listOrders', ['generic', 'filters', 'sales_channel']);
    scratch.edit('screens', 'orders', (document, base) => {
      for (const list of ['columns', 'filters']) {
        const seq = document.getIn([...base, list]) as { items: { get(key: string): unknown }[] };
        seq.items = seq.items.filter((item) => item.get('field') !== 'channel' && item.get('param') !== 'sales_channel');
      }
    });
    expect(() => scratch.generate()).toThrow(/migration refused: column orders\.channel is no longer in the spec/);
    scratch.setIn('entities', 'order', ['drop_intended'], ['channel']);
    scratch.generate();
    expect(
      scratch.newMigrations().some((name) => scratch.readFile(`server/migrations/${name}`).includes('table.dropColumn("channel");')),
    ).toBe(true);
  } finally {
    await scratch.stop();
    scratch.remove();
  }
});
