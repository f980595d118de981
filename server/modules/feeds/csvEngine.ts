import { createWriteStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify, type Options } from 'csv-stringify';
import type { Knex } from 'knex';
import { fromScaled } from '../../db/scaled';
import { priceListOf, type PriceListChoice } from '../catalogue/priceLists';

/** The optional columns of a feed (enum feed_column), after the SKU that always comes first. */
export type FeedColumn = 'name' | 'stock' | 'mpn' | 'price' | 'rrp' | 'vendor' | 'ean';

/** What of a feed shapes its file (002 §3 Feed). */
export interface FeedFormat {
  organisation: number;
  columns: readonly FeedColumn[];
  delimiter: 'COMMA' | 'SEMI_COLON';
  escape_method: 'QUOTED' | 'ESCAPED' | 'STRIPPED';
  show_headers: boolean;
  show_empty_stock: boolean;
}

/** Rows read from the database a page at a time: a large catalogue never sits in memory. */
export const FEED_PAGE_SIZE = 1000;

interface ProductRow {
  id: number;
  product_code: string;
  name: string;
  stock: string | null;
  mpn: string | null;
  ean: string | null;
  vendor: string | null;
  price: number | string | null;
  rrp: number | string | null;
}

/** The organisation's price list: what its users are shown in the store (server/modules/catalogue). */
export async function feedPriceList(db: Knex, organisationId: number): Promise<PriceListChoice> {
  const row = (await db('organisations').where('id', organisationId).first('assigned_price_list_id', 'currency')) as
    { assigned_price_list_id: number | string | null; currency: 'GBP' | 'EUR' } | undefined;
  if (!row) throw new Error(`organisation ${organisationId} does not exist`);
  return priceListOf(db, {
    assigned_price_list_id: row.assigned_price_list_id === null ? null : Number(row.assigned_price_list_id),
    currency: row.currency,
  });
}

/**
 * The products the organisation's users see in the store (shown in the webstore), with their prices
 * in its list (null: price on request) and their vendor's name, read by id a page at a time (keyset:
 * each page is one short query, so on SQLite, whose one connection every request shares, a build
 * never holds it for long).
 */
export async function* catalogueRows(db: Knex, priceListId: number | null): AsyncGenerator<ProductRow> {
  let after = 0;
  for (;;) {
    const page = (await db('products as p')
      .leftJoin('price_list_items as pli', (on) => {
        // The page's bound on the prices too: PostgreSQL merges the two by product, and without it
        // read every price below the page first (each page slower than the last).
        on.on('pli.product_id', '=', 'p.id')
          .andOn('pli.price_list_id', '=', db.raw('?', [priceListId ?? 0]))
          .andOnVal('pli.product_id', '>', after);
      })
      .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
      .where('p.show_in_webstore', true)
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(FEED_PAGE_SIZE)
      .select('p.id', 'p.product_code', 'p.name', 'p.stock', 'p.mpn', 'p.ean', 'v.name as vendor', 'pli.price', 'pli.rrp')) as ProductRow[];
    for (const row of page) yield row;
    if (page.length < FEED_PAGE_SIZE) return;
    after = Number(page[page.length - 1]!.id);
  }
}

/** No stock: none recorded, blank, or a number not above zero ("In transit" is stock on its way, kept). */
export function isEmptyStock(stock: string | null): boolean {
  if (stock === null || stock.trim() === '') return true;
  const number = Number(stock.trim());
  return Number.isFinite(number) && number <= 0;
}

/**
 * A cell a spreadsheet would run as a formula (starting = + - @, a tab or a carriage return) is
 * prefixed with ' so it stays text (OWASP CSV injection), as every CSV the portal writes.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const DELIMITERS = { COMMA: ',', SEMI_COLON: ';' } as const;

/** STRIPPED: what would need quoting is taken out: quotes removed, delimiters and line breaks become spaces. */
function stripped(text: string, delimiter: string): string {
  return text
    .replace(/"/g, '')
    .split(delimiter)
    .join(' ')
    .replace(/[\r\n]+/g, ' ');
}

/** csv-stringify's options for each escape method (docs/feeds.md describes them exactly). */
function stringifyOptions(format: FeedFormat): Options {
  const delimiter = DELIMITERS[format.delimiter];
  const common: Options = { delimiter, record_delimiter: 'windows' };
  switch (format.escape_method) {
    case 'QUOTED':
      // Every cell in double quotes, a quote inside doubled (RFC 4180).
      return { ...common, quoted: true, quoted_empty: true };
    case 'ESCAPED':
      // Quoted only when needed (delimiter, quote, backslash, line break); inside, \" and \\.
      return { ...common, escape: '\\', quoted_match: /\\/ };
    case 'STRIPPED':
      // Nothing is ever quoted: the cells were stripped of what would need it.
      return { ...common, quote: false };
  }
}

const HEADERS: Record<'sku' | FeedColumn, string> = {
  sku: 'SKU',
  name: 'Name',
  stock: 'Stock',
  mpn: 'MPN',
  price: 'Price',
  rrp: 'RRP',
  vendor: 'Vendor',
  ean: 'EAN',
};

/** The header row: SKU first, then the chosen columns; the prices name their currency. */
export function headerRow(format: FeedFormat, currency: string): string[] {
  return ['sku' as const, ...format.columns].map((column) =>
    column === 'price' || column === 'rrp' ? `${HEADERS[column]} (${currency})` : HEADERS[column],
  );
}

/** One product's cells in the feed's column order; money as exact decimal strings ("12.50"). */
export function productCells(row: ProductRow, format: FeedFormat): string[] {
  const money = (value: number | string | null) => (value === null ? '' : fromScaled(value));
  const text = (value: string | null) => neutralised(value ?? '');
  const cells = [text(row.product_code)];
  for (const column of format.columns) {
    if (column === 'price' || column === 'rrp') cells.push(money(row[column]));
    else if (column === 'vendor') cells.push(text(row.vendor));
    else cells.push(text(row[column]));
  }
  if (format.escape_method !== 'STRIPPED') return cells;
  return cells.map((cell) => stripped(cell, DELIMITERS[format.delimiter]));
}

/** Counts the bytes that pass. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

export interface BuiltFeed {
  bytes: number;
  /** Products written (the header row not counted). */
  rows: number;
}

/**
 * The feed's file as a stream of CSV bytes, read from the database page by page with
 * back-pressure: however large the catalogue, only a page of rows is held at a time. `done`
 * resolves with the counts once the stream has ended.
 */
export async function feedCsvStream(db: Knex, format: FeedFormat): Promise<{ stream: Readable; done: Promise<BuiltFeed> }> {
  const list = await feedPriceList(db, format.organisation);
  let rows = 0;
  async function* records(): AsyncGenerator<string[]> {
    if (format.show_headers) {
      const header = headerRow(format, list.currency);
      yield format.escape_method === 'STRIPPED' ? header.map((cell) => stripped(cell, DELIMITERS[format.delimiter])) : header;
    }
    for await (const row of catalogueRows(db, list.id)) {
      if (!format.show_empty_stock && isEmptyStock(row.stock)) continue;
      rows++;
      yield productCells(row, format);
    }
  }
  const counter = new ByteCounter();
  const source = Readable.from(records());
  const stringifier = stringify(stringifyOptions(format));
  const done = new Promise<BuiltFeed>((resolve, reject) => {
    const fail = (error: Error) => {
      counter.destroy(error);
      reject(error);
    };
    source.once('error', fail);
    stringifier.once('error', fail);
    counter.once('error', reject);
    counter.once('end', () => resolve({ bytes: counter.bytes, rows }));
  });
  // A failed page read ends the stream with its error rather than a short file.
  done.catch(() => undefined);
  source.pipe(stringifier).pipe(counter);
  return { stream: counter, done };
}

/** Builds the feed's file at `path` (a temporary file the delivery then reads). */
export async function buildFeedFile(db: Knex, format: FeedFormat, path: string): Promise<BuiltFeed> {
  const { stream, done } = await feedCsvStream(db, format);
  await pipeline(stream, createWriteStream(path));
  return done;
}
