/**
 * Order actions and quote acceptance (issue 20), in the shape of checkout-throughput.ts: 16
 * signed-in clients (Rita, the reseller admin) approve orders of Customer Co held for
 * authorisation, cancel approved ones, and accept published quotes of ten shippable lines each,
 * against the bundled portal on core 0 (this process on core 1); and in the same run, in turns,
 * each one's floor: a bare transaction writing the same rows (bench/support/actionFloor.ts).
 * Prints actions a second, median, p95 and p99 of each, and the ratio to its floor; the CPU an
 * action took in the server and (PostgreSQL) in the database's processes, against its floor's
 * (bench/support/cpuTime.ts: it moves less than the rate with the machine's waits); then checks
 * every action took (every order CANCELLED or CREATED as its turn left it, one order per quote).
 *
 *   npx tsx bench/order-actions.ts [--actions 400] [--clients 16] [--rounds 2] [--warmup 1500]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/order-actions.ts
 *
 * Each side first takes --warmup of each action, not counted (checkout-throughput.ts says why).
 *
 * Targets: ≥ 500 actions a second and ≥ 200 accepts a second, p99 ≤ 100 ms.
 */
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { connect } from '../server/db/connect';
import { TestClient } from '../server/testing/testServer';
import {
  analyzeDatabase,
  BENCH_LINES,
  checkWarmUp,
  runTurn,
  scratchDatabase,
  summarise,
  summaryLine,
  type Turn,
} from './support/checkoutBench';
import { cpuAgainstFloor, CpuSpent } from './support/cpuTime';
import { runPinned, startServer } from './support/pinned';
import { numberArgument } from './support/arguments';

await runPinned();

const actions = numberArgument('actions', 400);
const clients = numberArgument('clients', 16);
const rounds = numberArgument('rounds', 2);
const warmup = numberArgument('warmup', 1500);
const RITA = 'admin@reseller.example';
const CUSTOMER_CO = 3;
const GB = {
  shipping_company_name: 'Reseller Partners UK Ltd',
  shipping_recipient_name: 'Goods In',
  shipping_addr_line_1: '2 Dock Road',
  shipping_city: 'Bristol',
  shipping_postal_code: 'BS1 1AA',
  shipping_country_code: 'GB',
};

const idOf = (row: { id: number } | number) => Number(typeof row === 'object' ? row.id : row);

/** `count` copies of one of Customer Co's orders with its lines, PENDING_AUTHORISATION and no external id: their ids. */
async function stageOrders(db: Knex, count: number): Promise<number[]> {
  const { id: templateId, ...template } = (await db('orders').where('organisation_id', CUSTOMER_CO).orderBy('id').first()) as Record<
    string,
    unknown
  >;
  const lines = ((await db('order_line_items').where('order_id', Number(templateId))) as Record<string, unknown>[]).map(
    ({ id: _id, ...line }) => line,
  );
  const ids: number[] = [];
  for (let start = 0; start < count; start += 50) {
    const size = Math.min(50, count - start);
    const made = (
      (await db('orders')
        .insert(
          Array.from({ length: size }, (_, index) => ({
            ...template,
            name: `BENCH-${start + index}`,
            status: 'PENDING_AUTHORISATION',
            external_id: null,
            quote_id: null,
          })),
        )
        .returning('id')) as ({ id: number } | number)[]
    ).map(idOf);
    if (lines.length > 0) await db('order_line_items').insert(made.flatMap((order) => lines.map((line) => ({ ...line, order_id: order }))));
    ids.push(...made);
  }
  return ids;
}

/** `count` copies of a published quote (its row and lines), each its own to accept: their ids. */
async function stageQuotes(db: Knex, publishedId: number, count: number): Promise<number[]> {
  const { id: _id, ...quote } = (await db('quotes').where('id', publishedId).first()) as Record<string, unknown>;
  const lines = ((await db('quote_line_items').where('quote_id', publishedId)) as Record<string, unknown>[]).map(
    ({ id: _line, ...line }) => line,
  );
  const ids: number[] = [];
  for (let start = 0; start < count; start += 50) {
    const size = Math.min(50, count - start);
    const made = (
      (await db('quotes')
        .insert(Array.from({ length: size }, (_, index) => ({ ...quote, name: `Bench quote ${start + index}` })))
        .returning('id')) as ({ id: number } | number)[]
    ).map(idOf);
    await db('quote_line_items').insert(made.flatMap((id) => lines.map((line) => ({ ...line, quote_id: id }))));
    ids.push(...made);
  }
  return ids;
}

const scratch = await scratchDatabase('bench_actions');
const portal = await startServer(['portal', scratch.url]);
const floor = await startServer(['action-floor', scratch.url]);
const portalBase = `http://127.0.0.1:${portal.port}`;
const floorBase = `http://127.0.0.1:${floor.port}`;

// One quote published through the portal (root to Reseller Partners: ten shippable lines, FLAT shipping), copied as set-up.
const root = new TestClient(portalBase);
if ((await root.login('admin@supplier.example')).status !== 200) throw new Error('root sign-in failed');
const products = new Map(
  (
    (await scratch
      .db('products')
      .whereIn(
        'product_code',
        BENCH_LINES.map(([code]) => code),
      )
      .select('id', 'product_code')) as { id: number; product_code: string }[]
  ).map((row) => [row.product_code, Number(row.id)]),
);
const draft = await root.post<{ id: number }>('/api/v1/quotes', {
  organisation_to: 2,
  recipient_name: 'Rita Reseller',
  recipient_email: 'rita@reseller.example',
  name: 'Bench quote',
  expiry_date: '2030-12-31',
  shipping_type: 1,
  ...GB,
  line_items: BENCH_LINES.map(([code, quantity]) => ({ product: products.get(code), quantity })),
});
if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${draft.text}`);
const sent = await root.post(`/api/v1/quotes/${draft.body.id}/send`);
if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);

let started = performance.now();
const perSide = warmup + actions * rounds;
const orders = { portal: await stageOrders(scratch.db, perSide), floor: await stageOrders(scratch.db, perSide) };
const quotes = {
  portal: await stageQuotes(scratch.db, draft.body.id, perSide),
  floor: await stageQuotes(scratch.db, draft.body.id, perSide),
};
// Written beside the write path: every cached read of the portal starts again (docs/performance.md).
await scratch.db('data_versions').update({ version: scratch.db.raw('version + 1') });
console.log(`${scratch.kind}: ${4 * perSide} orders and quotes staged in ${(performance.now() - started).toFixed(0)} ms`);

const signedIn: TestClient[] = [];
for (let index = 0; index < clients; index++) {
  const client = new TestClient(portalBase);
  const login = await client.login(RITA);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  signedIn.push(client);
}
const floorCall = async (path: string) => {
  const response = await fetch(`${floorBase}${path}`, { method: 'POST' });
  return { status: response.status, text: await response.text() };
};

const turns: Record<string, Turn[]> = {};
/** The CPU each kept side took: its server's, and PostgreSQL's processes' (none on SQLite, in the server's process). */
const spent: Record<string, CpuSpent> = {};
const onPostgres = scratch.kind === 'postgres';
/** One turn of each action on each side, `count` from `offset` of the staged lists; kept in `turns` unless it warms up. */
async function round(offset: number, count: number, kept: boolean): Promise<void> {
  const take = async (name: string, server: { pid: number }, turn: () => Promise<Turn>) => {
    if (!kept) return checkWarmUp(name, await turn());
    (turns[name] ??= []).push(await (spent[name] ??= new CpuSpent(onPostgres)).add(server.pid, turn));
  };
  const at = (list: number[], index: number) => list[offset + index]!;
  await take('approve', portal, () =>
    runTurn(count, clients, (worker, index) => signedIn[worker]!.post(`/api/v1/orders/${at(orders.portal, index)}/approval`), 200),
  );
  await take('approve floor', floor, () =>
    runTurn(count, clients, (_, index) => floorCall(`/floor/order/${at(orders.floor, index)}`), 200),
  );
  // The orders just approved, cancelled.
  await take('cancel', portal, () =>
    runTurn(count, clients, (worker, index) => signedIn[worker]!.send('DELETE', `/api/v1/orders/${at(orders.portal, index)}`), 200),
  );
  await take('cancel floor', floor, () => runTurn(count, clients, (_, index) => floorCall(`/floor/order/${at(orders.floor, index)}`), 200));
  await take('accept', portal, () =>
    runTurn(count, clients, (worker, index) => {
      const id = at(quotes.portal, index);
      return signedIn[worker]!.post(`/api/v1/quotes/${id}/accept`, { id, purchase_order_number: `PO-ACCEPT-${id}` });
    }),
  );
  await take('accept floor', floor, () => runTurn(count, clients, (_, index) => floorCall(`/floor/quote/${at(quotes.floor, index)}`), 201));
}
await round(0, warmup, false);
await analyzeDatabase(scratch.url);
for (let turn = 0; turn < rounds; turn++) await round(warmup + turn * actions, actions, true);
await portal.stop();
await floor.stop();

console.log(
  `\n${scratch.kind}: ${clients} clients, ${actions * rounds} of each on each side in ${rounds} turns after ${warmup} to warm up; server on core 0, clients on core 1 (targets: ≥ 500 actions/s, ≥ 200 accepts/s, p99 ≤ 100 ms)\n`,
);
console.log('| | per second | median ms | p95 ms | p99 ms | floor per second | ratio to the floor |');
console.log('|---|---|---|---|---|---|---|');
for (const name of ['approve', 'cancel', 'accept']) {
  const ours = summarise(turns[name]!);
  const bare = summarise(turns[`${name} floor`]!);
  console.log(`${summaryLine(name, ours)} ${bare.rate.toFixed(1)} | ${(ours.rate / bare.rate).toFixed(2)}× |`);
  for (const [side, figures] of [
    [name, ours],
    [`${name} floor`, bare],
  ] as const) {
    if (figures.failures.length > 0) {
      console.log(`${side}: ${figures.failures.length} failed, first: ${figures.failures[0]}`);
      process.exitCode = 1;
    }
  }
}
console.log(`\nCPU ms an action, against its floor's:`);
for (const name of ['approve', 'cancel', 'accept'])
  console.log(cpuAgainstFloor(name, spent[name]!, spent[`${name} floor`]!, actions * rounds));

started = performance.now();
const db = connect(scratch.url);
const problems: string[] = [];
const statuses = async (ids: number[]) => new Set((await db('orders').whereIn('id', ids).pluck('status')) as string[]);
const cancelled = await statuses([...orders.portal, ...orders.floor]);
if (cancelled.size !== 1 || !cancelled.has('CANCELLED')) problems.push(`order statuses left: ${[...cancelled].join(', ')}`);
const accepted = Number(
  (
    (await db('orders')
      .whereIn('quote_id', [...quotes.portal, ...quotes.floor])
      .count({ n: '*' })
      .first()) as { n: number | string }
  ).n,
);
if (accepted !== 2 * perSide) problems.push(`${accepted} orders from ${2 * perSide} quotes`);
const portalLines = Number(
  (
    (await db('order_line_items as l')
      .join('orders as o', 'o.id', 'l.order_id')
      .whereIn('o.quote_id', quotes.portal)
      .count({ n: '*' })
      .first()) as { n: number | string }
  ).n,
);
if (portalLines !== perSide * BENCH_LINES.length)
  problems.push(`${portalLines} lines on the accepted quotes' orders, not ${perSide * BENCH_LINES.length}`);
await db.destroy();
console.log(
  problems.length > 0
    ? `NOT VERIFIED: ${problems.join('; ')}`
    : `verified in ${(performance.now() - started).toFixed(0)} ms: every order approved then cancelled, one order of ${BENCH_LINES.length} lines per accepted quote`,
);
if (problems.length > 0) process.exitCode = 1;
await scratch.db.destroy();
await scratch.drop();
process.exit(process.exitCode ?? 0);
