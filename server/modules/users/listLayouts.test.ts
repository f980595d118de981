import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListLayout } from '../../generated/types';
import { startTestServer, type TestServer } from '../../testing/testServer';

const BUYER = 'buyer@customer.example';
const OTHER = 'buyer@eu-customer.example';
const ORDERS = '/api/v1/whoami/list_layouts/orders';

interface Problem {
  status: number;
  code: string;
  message_key: string;
  parameter?: string;
}

const LAYOUT = {
  columns: [
    { id: 'status', width: 180, hidden: false },
    { id: 'name', width: null, hidden: false },
    { id: 'supplier_ref', width: 90, hidden: true },
  ],
};

/** A user's column layout of a list screen (issue 19): GET, PUT and DELETE /whoami/list_layouts/{screen}. */
describe('/whoami/list_layouts/{screen}', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const signedIn = async (email: string) => {
    const client = server.client();
    await client.login(email);
    return client;
  };
  const userId = async (email: string) => ((await server.db('users').where('email_address', email).first('id')) as { id: number }).id;

  it('refuses a caller who is not signed in', async () => {
    const client = server.client();
    expect((await client.get<Problem>(ORDERS)).status).toBe(401);
    expect((await client.send<Problem>('PUT', ORDERS, LAYOUT)).status).toBe(401);
  });

  it('is empty until the user keeps one, then answers it on every session of the user, until reset', async () => {
    const client = await signedIn(BUYER);
    expect((await client.get<ListLayout>(ORDERS)).body).toEqual({ screen: 'orders', columns: [] });
    const saved = await client.send<ListLayout>('PUT', ORDERS, LAYOUT);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ screen: 'orders', ...LAYOUT });
    // Another browser of the same user.
    const elsewhere = await signedIn(BUYER);
    expect((await elsewhere.get<ListLayout>(ORDERS)).body.columns).toEqual(LAYOUT.columns);
    // Saved again: one row per user and screen, replaced.
    const moved = { columns: [{ id: 'name', width: 140, hidden: false }] };
    expect((await elsewhere.send<ListLayout>('PUT', ORDERS, moved)).body.columns).toEqual(moved.columns);
    expect(
      await server
        .db('list_layouts')
        .where({ user_id: await userId(BUYER), screen: 'orders' })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 1 });
    expect((await client.get<ListLayout>(ORDERS)).body.columns).toEqual(moved.columns);
    // Reset: the screen's own columns again (and resetting twice is no error).
    expect((await client.send('DELETE', ORDERS)).status).toBe(204);
    expect((await client.send('DELETE', ORDERS)).status).toBe(204);
    expect((await elsewhere.get<ListLayout>(ORDERS)).body.columns).toEqual([]);
  });

  it('keeps each user their own, and each screen its own', async () => {
    const buyer = await signedIn(BUYER);
    const other = await signedIn(OTHER);
    await buyer.send('PUT', ORDERS, LAYOUT);
    expect((await other.get<ListLayout>(ORDERS)).body.columns).toEqual([]);
    expect((await buyer.get<ListLayout>('/api/v1/whoami/list_layouts/baskets')).body.columns).toEqual([]);
    // The other user's reset leaves the buyer's layout alone.
    await other.send('DELETE', ORDERS);
    expect((await buyer.get<ListLayout>(ORDERS)).body.columns).toEqual(LAYOUT.columns);
    await buyer.send('DELETE', ORDERS);
  });

  it('answers 404 for a screen that is not a list screen of the spec, keeping nothing', async () => {
    const client = await signedIn(BUYER);
    for (const screen of ['no_such_list', 'order', 'toString', '__proto__']) {
      const path = `/api/v1/whoami/list_layouts/${screen}`;
      const response = await client.send<Problem>('PUT', path, LAYOUT);
      expect(response.status, screen).toBe(404);
      expect(response.body).toMatchObject({ code: 'list_screen_not_found', message_key: 'problem.list_screen_not_found' });
      expect((await client.get<Problem>(path)).status).toBe(404);
    }
    expect(
      await server
        .db('list_layouts')
        .where({ user_id: await userId(BUYER) })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 0 });
  });

  it.each([
    ['a column the screen does not have', { columns: [{ id: 'password_hash', width: 100, hidden: false }] }, 422, 'unknown_value'],
    [
      'a column twice',
      {
        columns: [
          { id: 'name', width: 100, hidden: false },
          { id: 'name', width: 90, hidden: true },
        ],
      },
      422,
      'unknown_value',
    ],
    [
      'every column hidden',
      {
        columns: [
          'name',
          'supplier_ref',
          'purchase_order_number',
          'organisation',
          'total',
          'date',
          'created_by_user',
          'order_type',
          'status',
        ].map((id) => ({ id, width: null, hidden: true })),
      },
      422,
      'unknown_value',
    ],
    ['a width below 20 pixels', { columns: [{ id: 'name', width: 5, hidden: false }] }, 400, undefined],
    ['a column without its flag', { columns: [{ id: 'name', width: 100 }] }, 400, undefined],
    ['no columns at all', {}, 400, undefined],
    ['another user named in the body', { ...LAYOUT, user: 1 }, 400, undefined],
  ])('answers problem+json for %s, keeping nothing', async (_name, body, status, code) => {
    const client = await signedIn(BUYER);
    const response = await client.send<Problem>('PUT', ORDERS, body);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    if (code) expect(response.body).toMatchObject({ code, parameter: 'columns' });
    expect(response.body.message_key).toBe(`problem.${response.body.code}`);
    expect((await client.get<ListLayout>(ORDERS)).body.columns).toEqual([]);
  });

  it('refuses the change without the CSRF header', async () => {
    const client = await signedIn(BUYER);
    expect((await client.request('PUT', ORDERS, LAYOUT)).status).toBe(403);
    expect((await client.request('DELETE', ORDERS)).status).toBe(403);
  });

  it('reads a stored column the spec no longer has as gone, keeping the others', async () => {
    const client = await signedIn(BUYER);
    await client.send('PUT', ORDERS, LAYOUT);
    const row = server.db('list_layouts').where({ user_id: await userId(BUYER), screen: 'orders' });
    // A column dropped from the screen since the layout was kept (written as a migration would).
    await row.clone().update({ columns: JSON.stringify([{ id: 'dropped_field', width: 100, hidden: false }, ...LAYOUT.columns]) });
    expect((await client.get<ListLayout>(ORDERS)).body.columns).toEqual(LAYOUT.columns);
    await client.send('DELETE', ORDERS);
  });
});
