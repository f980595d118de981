import { performance } from 'node:perf_hooks';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { connect, isPostgres, migrate, refreshStatistics } from '../../server/db/connect';
import { toScaled } from '../../server/db/scaled';
import { CUSTOMER_ORG, GB_ADDRESS } from '../../server/testing/checkoutBaskets';
import { TestClient, type ApiResponse } from '../../server/testing/testServer';
import { seedDemoCheaply } from './ceiling';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Ten priced, shippable demo products that need no option chosen. */
export const BENCH_LINES: [string, number][] = [
  ['GEN-HDMI-5M', 4],
  ['GEN-WALL-MOUNT', 2],
  ['LOGI-CABLE-KIT', 3],
  ['LOGI-RALLY-BAR', 1],
  ['LOGI-MEETUP', 2],
  ['LOGI-TAP', 1],
  ['LOGI-BRIO-4K', 5],
  ['YEA-W76P', 2],
  ['POLY-SYNC-20', 6],
  ['EPOS-EXPAND-80', 1],
];

/** One turn of a write bench: every request's latency (ms), the wall time, and what failed. */
export interface Turn {
  times: number[];
  seconds: number;
  failures: string[];
}

export interface Scratch {
  kind: 'sqlite' | 'postgres';
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/**
 * A migrated demo database made for this run: data/bench-checkout.sqlite anew, or the database
 * bench_checkout on BENCH_DATABASE_URL's PostgreSQL server (dropped first if a run left it).
 */
export async function scratchDatabase(name = 'bench_checkout'): Promise<Scratch> {
  const admin = process.env['BENCH_DATABASE_URL'];
  let url: string;
  let drop: () => Promise<void>;
  if (admin && isPostgres(admin)) {
    ({ url, drop } = await postgresDatabase(admin, name));
  } else {
    const file = join(root, 'data', `${name.replace(/_/g, '-')}.sqlite`);
    const remove = () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    };
    remove();
    url = `sqlite://${file}`;
    drop = async () => remove();
  }
  const db = connect(url);
  await migrate(db);
  await seedDemoCheaply(db);
  return { kind: isPostgres(url) ? 'postgres' : 'sqlite', url, db, drop };
}

/**
 * The planner's statistics (PostgreSQL's ANALYZE of the database at `url`; nothing on SQLite). A
 * production server's autovacuum analyzes a table each time a tenth of it has changed; the CI's
 * server runs without it (autovacuum = off in its settings), so a bench's scratch database had
 * none. Taken once the warm-up has written orders, audit entries and the rest, so the tables hold
 * what a database in use holds (docs/performance.md, "The planner's statistics").
 */
export async function analyzeDatabase(url: string): Promise<void> {
  if (!isPostgres(url)) return;
  const db = knexFactory({ client: 'pg', connection: url });
  try {
    await refreshStatistics(db);
  } finally {
    await db.destroy();
  }
}

/**
 * An empty database `name` on the PostgreSQL server of `admin` (a URL of any database there),
 * dropped first if a run left it: its URL, and how to drop it at the end.
 */
export async function postgresDatabase(admin: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = knexFactory({ client: 'pg', connection: admin });
  await server.raw(`drop database if exists ${name} with (force)`);
  await server.raw(`create database ${name}`);
  await server.destroy();
  return {
    url: admin.replace(/\/[^/?]*(\?|$)/, `/${name}$1`),
    drop: async () => {
      const cleanup = knexFactory({ client: 'pg', connection: admin });
      await cleanup.raw(`drop database if exists ${name} with (force)`);
      await cleanup.destroy();
    },
  };
}

/** A buyer of Customer Co signed in to the portal at `base` (a cookie jar of its own). */
export async function signInBuyer(base: string): Promise<TestClient> {
  const client = new TestClient(base);
  const login = await client.login('buyer@customer.example');
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return client;
}

/** The portal's checkout of staged basket `basket` by `client`: PO number PO-BENCH-`index`, GB address, FLAT shipping. */
export function checkoutBasket(client: TestClient, basket: number, index: number): Promise<ApiResponse> {
  return client.post(`/api/v1/baskets/${basket}/checkout`, {
    purchase_order_number: `PO-BENCH-${index}`,
    ...GB_ADDRESS,
    shipping_type: 1,
  });
}

/** `count` baskets of Customer Co with `lines` (product code, quantity), written directly as test set-up: their ids. */
export async function stageBaskets(db: Knex, lines: [string, number][], count: number, label: string): Promise<number[]> {
  const products = new Map(
    (
      (await db('products')
        .whereIn(
          'product_code',
          lines.map(([code]) => code),
        )
        .select('id', 'product_code')) as { id: number; product_code: string }[]
    ).map((row) => [row.product_code, Number(row.id)]),
  );
  const ids: number[] = [];
  for (let start = 0; start < count; start += 50) {
    const size = Math.min(50, count - start);
    const baskets = Array.from({ length: size }, (_, index) => ({
      name: `Bench ${label} ${start + index}`,
      organisation_id: CUSTOMER_ORG,
      currency: 'GBP',
      total: toScaled('0'),
      payment_type: 'ON_ACCOUNT',
      part_ship: false,
      created_at: Date.now(),
      created_by_id: 3,
    }));
    const made = ((await db('baskets').insert(baskets).returning('id')) as ({ id: number } | number)[]).map((row) =>
      Number(typeof row === 'object' ? row.id : row),
    );
    await db('basket_line_items').insert(
      made.flatMap((basket) =>
        lines.map(([code, quantity]) => ({ basket_id: basket, product_id: products.get(code), quantity, discount: toScaled('0') })),
      ),
    );
    ids.push(...made);
  }
  return ids;
}

/**
 * Every order the bench placed is complete: `placed` orders with a PO-BENCH number, each with
 * `lines` lines, a total and the shipping cost, its CREATE audit entry and its order_created
 * e-mail in the outbox, and no bench basket of the portal's left. Throws otherwise.
 */
export async function verifyOrders(url: string, placed: number, lines: number): Promise<string> {
  const db = connect(url);
  try {
    const orders = (await db('orders').where('purchase_order_number', 'like', 'PO-BENCH-%').select('id', 'name', 'total', 'ship_cost')) as {
      id: number;
      name: string;
      total: number;
      ship_cost: number | null;
    }[];
    const problems: string[] = [];
    if (orders.length !== placed) problems.push(`${orders.length} orders, not ${placed}`);
    const ids = orders.map((order) => Number(order.id));
    const lineCounts = new Map(
      (
        (await db('order_line_items').whereIn('order_id', ids).groupBy('order_id').select('order_id', db.raw('count(*) as n'))) as {
          order_id: number;
          n: number | string;
        }[]
      ).map((row) => [Number(row.order_id), Number(row.n)]),
    );
    const created = new Set(
      (
        (await db('audit_log_entries')
          .where({ entity_type: 'order', action: 'CREATE' })
          .whereIn('entity_id', ids)
          .pluck('entity_id')) as number[]
      ).map(Number),
    );
    const payloads = ((await db('outbox_messages').pluck('payload')) as string[]).join('\n');
    for (const order of orders) {
      const id = Number(order.id);
      if (lineCounts.get(id) !== lines) problems.push(`${order.name}: ${lineCounts.get(id) ?? 0} lines`);
      if (!(Number(order.total) > 0) || order.ship_cost === null)
        problems.push(`${order.name}: total ${order.total}, shipping ${order.ship_cost}`);
      if (!created.has(id)) problems.push(`${order.name}: no CREATE audit entry`);
      if (!payloads.includes(order.name)) problems.push(`${order.name}: no order_created e-mail in the outbox`);
    }
    const left = Number(
      ((await db('baskets').where('name', 'like', 'Bench portal %').count({ n: '*' }).first()) as { n: number | string }).n,
    );
    if (left !== 0) problems.push(`${left} of the portal's baskets left`);
    if (problems.length > 0)
      throw new Error(
        `incomplete orders: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (${problems.length} problems)` : ''}`,
      );
    return `${orders.length} orders, each with ${lines} lines, totals, its audit entry and outbox row; their baskets removed`;
  } finally {
    await db.destroy();
  }
}

/** `count` requests by `workers` senders at once, each expected to answer `expected` (201 by default). */
export async function runTurn(
  count: number,
  workers: number,
  send: (worker: number, index: number) => Promise<{ status: number; text: string }>,
  expected = 201,
): Promise<Turn> {
  const times: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (;;) {
        const index = next++;
        if (index >= count) return;
        const start = performance.now();
        const answer = await send(worker, index);
        times.push(performance.now() - start);
        if (answer.status !== expected) failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }),
  );
  return { times, seconds: (performance.now() - wall) / 1000, failures };
}

/** A warm-up turn (not measured) checked: a failure there would leave the measured turns meaning nothing. */
export function checkWarmUp(side: string, turn: Turn): void {
  if (turn.failures.length > 0) throw new Error(`${side} warm-up failed: ${turn.failures[0]}`);
}

export interface Summary {
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  failures: string[];
}

/** Turns taken as one load: requests a second over their wall time, latency percentiles over all. */
export function summarise(turns: Turn[]): Summary {
  const times = turns.flatMap((one) => one.times).sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? 0;
  const seconds = turns.reduce((sum, one) => sum + one.seconds, 0);
  return {
    rate: times.length / seconds,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    failures: turns.flatMap((one) => one.failures),
  };
}

/** A table row: name, per second, median, p95, p99. */
export const summaryLine = (name: string, figures: Summary) =>
  `| ${name} | ${figures.rate.toFixed(1)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.p99.toFixed(1)} |`;
