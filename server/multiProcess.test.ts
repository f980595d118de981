import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, GB_ADDRESS, makeBasket, withHeaders } from './testing/checkoutBaskets';
import { expectProblem, publishedQuote } from './testing/quotes';
import { startServerProcess, stopServerProcess, type ServerProcess } from './testing/serverProcesses';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase';
import { TestClient, type ApiResponse } from './testing/testServer';
import { BUYER, RESELLER_ADMIN, ROOT_ADMIN, type Row } from './testing/testUsers';
import { writeVersionedRows } from './testing/versionedRows';

// Several server processes on one database (docs/performance.md, "Several processes"): two real
// server processes, each with its own connection pool and caches, over one SQLite file or one
// PostgreSQL database, and every request of a race sent to them in turn. Whatever decides "one
// winner" must live in the database, not in a process: one order per basket, per idempotency key
// and per quote, one outcome per order action, one name, ten feeds.

let database: TestDatabase;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Feeds are created below; their scheduled runs are not what this file tests.
  servers = await Promise.all([0, 1].map(() => startServerProcess(database, { HUB_FEED_SCHEDULER: '0' })));
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => stopServerProcess(server)));
  await database.drop();
});

/** One browser, signed in through the first process, and the same browser's requests to each process. */
async function signedInOnBoth(email: string): Promise<TestClient[]> {
  const first = new TestClient(servers[0]!.baseUrl);
  const login = await first.login(email);
  if (login.status !== 200) throw new Error(`${email} could not sign in: ${login.status} ${login.text}`);
  return servers.map((server) => first.at(server.baseUrl));
}

/** `n` requests sent at once, the i-th to process i mod 2. */
const raced = <T>(clients: TestClient[], n: number, send: (client: TestClient, i: number) => Promise<ApiResponse<T>>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(clients[i % clients.length]!, i)));
const statuses = (answers: ApiResponse[]) => answers.map((answer) => answer.status).sort();

let po = 0;
const checkoutBody = () => ({ purchase_order_number: `PO-PROCESSES-${++po}`, ...GB_ADDRESS, shipping_type: 1 });
const cables = () =>
  makeBasket(database.db, [
    ['GEN-HDMI-5M', 4],
    ['GEN-WALL-MOUNT', 2],
  ]);

describe('two server processes on one database', () => {
  it('serve one session: signed in through one, signed out through the other', async () => {
    const [a, b] = await signedInOnBoth(BUYER);
    expect((await b!.get('/api/v1/whoami')).status).toBe(200);
    expect((await b!.post('/api/v1/auth/logout')).status).toBe(204);
    expect((await a!.get('/api/v1/whoami')).status).toBe(401);
  });

  it('place one order for 16 checkouts of one basket sent to both', async () => {
    const buyer = await signedInOnBoth(BUYER);
    const { id } = await cables();
    const orders = await count(database.db, 'orders');
    const body = checkoutBody();
    const answers = await raced(buyer, 16, (client) => client.post<Row>(`/api/v1/baskets/${id}/checkout`, body));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 404).map((answer) => answer.text)).toEqual([]);
    expect(await count(database.db, 'orders')).toBe(orders + 1);
    expect(await count(database.db, 'baskets', { id })).toBe(0);
  });

  it('answer every retry of one Idempotency-Key with the one order, whichever process takes it', async () => {
    const buyer = await signedInOnBoth(BUYER);
    const { id } = await cables();
    const body = checkoutBody();
    const answers = await raced(buyer, 6, (client) =>
      withHeaders<Row>(client, `/api/v1/baskets/${id}/checkout`, body, { 'idempotency-key': `processes-${id}` }),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await count(database.db, 'orders', { purchase_order_number: body.purchase_order_number })).toBe(1);
  });

  it('let one of two baskets placed through both take a PO number the organisation keeps unique', async () => {
    const buyer = await signedInOnBoth(BUYER);
    const baskets = [await cables(), await cables()];
    const body = checkoutBody();
    const answers = await raced(buyer, 2, (client, i) => client.post<Row>(`/api/v1/baskets/${baskets[i]!.id}/checkout`, body));
    expect(statuses(answers)).toEqual([201, 409]);
  });

  it('let exactly one of an approval and two denials of one order win', async () => {
    const rita = await signedInOnBoth(RESELLER_ADMIN);
    for (let round = 0; round < 3; round++) {
      await writeVersionedRows(database.db, (trx) => trx('orders').where('id', 19).update({ status: 'PENDING_AUTHORISATION' }));
      const answers = await Promise.all([
        rita[round % 2]!.post('/api/v1/orders/19/approval'),
        rita[(round + 1) % 2]!.send('DELETE', '/api/v1/orders/19/approval'),
        rita[round % 2]!.send('DELETE', '/api/v1/orders/19/approval'),
      ]);
      expect(statuses(answers)).toEqual([200, 409, 409]);
      const status = ((await database.db('orders').where('id', 19).first('status')) as { status: string }).status;
      expect(status).toBe(answers[0]!.status === 200 ? 'CREATED' : 'CANCELLED');
    }
  });

  it('place one order for 10 accepts of one quote sent to both', async () => {
    const [root] = await signedInOnBoth(ROOT_ADMIN);
    const quote = await publishedQuote(root!, database.db);
    const rita = await signedInOnBoth(RESELLER_ADMIN);
    const answers = await raced(rita, 10, (client) =>
      client.post<Row>(`/api/v1/quotes/${quote.id}/accept`, { id: quote.id, purchase_order_number: `PO-Q-${String(quote.id)}` }),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 201)) expectProblem(answer, 409, 'invalid_state');
    expect(await count(database.db, 'orders', { quote_id: quote.id })).toBe(1);
  });

  it('store one of twelve case variants of a name sent to both', async () => {
    const rita = await signedInOnBoth(RESELLER_ADMIN);
    const names = Array.from({ length: 12 }, (_, i) =>
      [...'night shift'].map((c, j) => ((i >> (j % 4)) & 1 ? c.toUpperCase() : c)).join(''),
    );
    const answers = await raced(rita, 12, (client, i) =>
      client.post<{ code?: string }>('/api/v1/roles', { name: names[i], organisation: 2 }),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 201)) expectProblem(answer, 409, 'duplicate_value', 'name');
    expect(await database.db('roles').where('organisation_id', 2).whereRaw('lower(name) = ?', ['night shift']).pluck('id')).toHaveLength(1);
  });

  it('hold an organisation to ten feeds when the last places are asked of both', async () => {
    const rita = await signedInOnBoth(RESELLER_ADMIN);
    const feed = (name: string) => ({
      name,
      organisation: 2,
      timeslot: 60,
      delivery_method: 'EMAIL',
      delivery_email: 'feeds@reseller.example',
    });
    const have = await count(database.db, 'feeds', { organisation_id: 2 });
    for (let i = have; i < 8; i++) expect((await rita[i % 2]!.post('/api/v1/feeds', feed(`Filler ${i}`))).status).toBe(201);
    const answers = await raced(rita, 6, (client, i) => client.post('/api/v1/feeds', feed(`Last place ${i}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const answer of answers.filter((one) => one.status !== 201)) expectProblem(answer, 409, 'max_feeds_reached');
    expect(await count(database.db, 'feeds', { organisation_id: 2 })).toBe(10);
  });
});
