import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSyntheticCatalogue } from '../../../seeds/synthetic';
import type { PublicProduct } from '../../generated/types';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// The store's text filter goes through the trigram index (SQLite FTS5, PostgreSQL pg_trgm; spec
// `search` on product): its answers must be exactly those of the plain LIKE it replaces.
describe('catalogue text search through the trigram index', () => {
  let server: TestServer;
  let terms: string[];

  beforeAll(async () => {
    server = await startTestServer();
    await seedSyntheticCatalogue(server.db, { products: 2000, seed: 11 });
    const sample = await server.db('products').where('show_in_webstore', true).orderBy('id').select('name', 'product_code');
    // Pieces of real names and codes, at several lengths and offsets, in another case too.
    const picked = sample
      .filter((_, index) => index % 157 === 3)
      .flatMap((row, index) => {
        const name = String(row.name);
        const code = String(row.product_code);
        const at = index % Math.max(1, name.length - 6);
        return [name.slice(at, at + 3 + (index % 4)), code.slice(-5), name.slice(at, at + 4).toUpperCase()];
      });
    terms = [
      ...new Set([...picked, 'pro', ' Pro ', 'syn-0001', 'ab', 'x', '50%', 'a_b', 'é', 'Café', '"quoted', 'no such product at all']),
    ];
  });
  afterAll(async () => {
    await server.close();
  });

  /** What the LIKE alone finds: the ids of shown products containing the text, as the store sorts them by name. */
  async function likeIds(text: string): Promise<number[]> {
    const pattern = `%${escapeLike(text.trim().toLowerCase())}%`;
    const rows = await server
      .db('products as p')
      .where('p.show_in_webstore', true)
      .where((inner) => {
        inner.whereRaw(`lower(p.product_code) like ? escape '\\'`, [pattern]).orWhereRaw(`lower(p.name) like ? escape '\\'`, [pattern]);
      })
      .select('p.id');
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  async function storeIds(text: string): Promise<number[]> {
    const anonymous = server.client();
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const response = await anonymous.get<PublicProduct[]>(
        `/api/v1/public/webstore?per_page=96&page=${page}&text=${encodeURIComponent(text)}`,
      );
      expect(response.status).toBe(200);
      ids.push(...response.body.map((product) => product.id));
      if (page >= Number(response.headers.get('x-total-pages'))) return ids.sort((a, b) => a - b);
    }
  }

  it('finds exactly what the LIKE finds, for a sample of terms', async () => {
    expect(terms.length).toBeGreaterThan(20);
    let found = 0;
    for (const term of terms) {
      const expected = await likeIds(term);
      found += expected.length;
      expect({ term, ids: await storeIds(term) }).toEqual({ term, ids: expected });
    }
    // The sample is not all misses.
    expect(found).toBeGreaterThan(100);
  });

  it('follows writes: a renamed product is found by its new name and no longer by its old one', async () => {
    const product = await server.db('products').where('product_code', 'like', 'SYN-%').orderBy('id').first('id', 'name');
    await inTransaction(server.db, SYSTEM_ACTOR, (records) =>
      records.update('product', Number(product.id), { name: 'Qwzxv Trigram Renamed', product_code: 'QWZXV-CODE-1' }),
    );
    expect(await storeIds('wzxv trig')).toEqual([Number(product.id)]);
    expect(await storeIds('qwzxv-code')).toEqual([Number(product.id)]);
    expect(await storeIds(String(product.name))).not.toContain(Number(product.id));
  });
});
