import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase';
import { writeVersionedRows } from '../../testing/versionedRows';
import { FEED_PAGE_SIZE, feedCsvStream, isEmptyStock, type FeedFormat } from './csvEngine';

// 002 §3 Feed, docs/feeds.md: the file a feed builds from its organisation's catalogue and prices.
describe('the feed CSV engine', () => {
  let database: TestDatabase;
  const RESELLER = 2; // buys from its assigned list 3 (GBP)
  const FIRST = 900_001;

  beforeAll(async () => {
    database = await createTestDatabase({ demo: true });
    await writeVersionedRows(database.db, async (trx) => {
      const vendor = (await trx('vendors').insert({ name: 'Acme, "Quoted" Ltd' }).returning('id')) as ({ id: number } | number)[];
      const vendorId = typeof vendor[0] === 'object' ? vendor[0].id : vendor[0];
      await trx('products').insert([
        {
          id: FIRST,
          name: 'Cable, 2m "pro"\nsecond line',
          product_code: 'FEED-001',
          stock: '12',
          mpn: 'MPN-1',
          ean: '5012345678900',
          vendor_id: vendorId,
          show_in_webstore: true,
        },
        {
          id: FIRST + 1,
          name: '=HYPERLINK("http://evil")',
          product_code: '+FEED-002',
          stock: 'In transit',
          mpn: 'back\\slash',
          ean: null,
          vendor_id: null,
          show_in_webstore: true,
        },
        { id: FIRST + 2, name: 'Sold out', product_code: 'FEED-003', stock: '0', show_in_webstore: true },
        { id: FIRST + 3, name: 'Never counted', product_code: 'FEED-004', stock: null, show_in_webstore: true },
        { id: FIRST + 4, name: 'Hidden', product_code: 'FEED-005', stock: '5', show_in_webstore: false },
      ]);
      await trx('price_list_items').insert([
        { price_list_id: 3, product_id: FIRST, price: 125000, rrp: 199999 }, // 12.50 and 19.9999
        { price_list_id: 3, product_id: FIRST + 1, price: 125, rrp: null }, // 0.0125, no retail price
      ]);
      // Another list's price for the same product must not leak into the reseller's file.
      const other = (await trx('price_lists').whereNot('id', 3).first('id')) as { id: number };
      await trx('price_list_items').insert({ price_list_id: other.id, product_id: FIRST + 2, price: 999990000, rrp: null });
    });
  });
  afterAll(async () => {
    await database.drop();
  });

  const format = (overrides: Partial<FeedFormat> = {}): FeedFormat => ({
    organisation: RESELLER,
    columns: ['name', 'stock', 'mpn', 'price', 'rrp', 'vendor', 'ean'],
    delimiter: 'COMMA',
    escape_method: 'QUOTED',
    show_headers: true,
    show_empty_stock: false,
    ...overrides,
  });
  const build = async (overrides: Partial<FeedFormat> = {}) => {
    const { stream, done } = await feedCsvStream(database.db, format(overrides));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return { text, counts: await done };
  };
  const ours = (text: string) => text.split('\r\n').filter((line) => /FEED-00/.test(line));

  it("writes SKU first, then the chosen columns, with exact prices from the organisation's own list", async () => {
    const { text, counts } = await build({ columns: ['price', 'name', 'rrp'] });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('"SKU","Price (GBP)","Name","RRP (GBP)"');
    expect(text).toContain('"FEED-001","12.50","Cable, 2m ""pro""\nsecond line","19.9999"\r\n');
    expect(text).toContain(`"'+FEED-002","0.0125","'=HYPERLINK(""http://evil"")",""\r\n`);
    // Products without stock are left out (show_empty_stock false): one row per other shown product.
    expect(counts.rows).toBe(text.split('\r\n"').length - 1);
    expect(counts.bytes).toBe(Buffer.byteLength(text));
  });

  it('leaves out products without stock unless asked, and products not shown in the store always', async () => {
    const skus = (text: string) => ours(text).map((line) => line.split(',')[0]);
    const without = (await build({ columns: [] })).text;
    expect(skus(without)).toEqual(['"FEED-001"', `"'+FEED-002"`]);
    const withEmpty = (await build({ columns: [], show_empty_stock: true })).text;
    expect(skus(withEmpty)).toEqual(['"FEED-001"', `"'+FEED-002"`, '"FEED-003"', '"FEED-004"']);
    expect(isEmptyStock('-3')).toBe(true);
    expect(isEmptyStock('In transit')).toBe(false);
  });

  it('QUOTED quotes every cell and doubles quotes inside (RFC 4180), CRLF after every row', async () => {
    const { text } = await build({ columns: ['name', 'vendor'], show_headers: false });
    expect(text.startsWith('"SKU"')).toBe(false);
    expect(text).toContain('"FEED-001","Cable, 2m ""pro""\nsecond line","Acme, ""Quoted"" Ltd"\r\n');
    expect(text).toContain(`"'+FEED-002","'=HYPERLINK(""http://evil"")",""\r\n`);
  });

  it('ESCAPED quotes only the cells that need it and escapes quotes and backslashes with a backslash', async () => {
    const { text } = await build({
      columns: ['name', 'mpn', 'stock'],
      escape_method: 'ESCAPED',
      delimiter: 'SEMI_COLON',
      show_headers: false,
    });
    expect(text).toContain('FEED-001;"Cable, 2m \\"pro\\"\nsecond line";MPN-1;12\r\n');
    expect(text).toContain(`'+FEED-002;"'=HYPERLINK(\\"http://evil\\")";"back\\\\slash";In transit\r\n`);
  });

  it('STRIPPED never quotes: quotes go, delimiters and line breaks become spaces', async () => {
    const { text } = await build({ columns: ['name', 'vendor'], escape_method: 'STRIPPED', show_headers: true });
    expect(text.startsWith('SKU,Name,Vendor\r\n')).toBe(true);
    expect(ours(text)).toEqual(['FEED-001,Cable  2m pro second line,Acme  Quoted Ltd', `'+FEED-002,'=HYPERLINK(http://evil),`]);
    const semi = (await build({ columns: ['name'], escape_method: 'STRIPPED', delimiter: 'SEMI_COLON', show_headers: false })).text;
    expect(ours(semi)).toContain('FEED-001;Cable, 2m pro second line');
  });

  it('reads the catalogue page by page, every product once and in order', async () => {
    const rows = Array.from({ length: FEED_PAGE_SIZE * 2 + 7 }, (_, i) => ({
      id: 950_000 + i,
      name: `Bulk ${i}`,
      product_code: `BULK-${String(i).padStart(5, '0')}`,
      stock: '1',
      show_in_webstore: true,
    }));
    await writeVersionedRows(database.db, async (trx) => {
      for (let i = 0; i < rows.length; i += 500) await trx('products').insert(rows.slice(i, i + 500));
    });
    const { text, counts } = await build({ columns: [], show_empty_stock: true, show_headers: false, escape_method: 'STRIPPED' });
    const skus = text.split('\r\n').filter((line) => line.startsWith('BULK-'));
    expect(skus).toEqual(rows.map((row) => row.product_code));
    const shown = Number(((await database.db('products').where('show_in_webstore', true).count({ n: '*' })) as { n: unknown }[])[0]!.n);
    expect(counts.rows).toBe(shown);
  });
});
