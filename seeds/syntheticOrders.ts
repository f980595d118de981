import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { toScaled } from '../server/db/scaled';
import { ACCESS_VERSION, bumpDataVersion } from '../server/writes/dataVersions';
import { insertAll, syncSequences } from './insert';
import { seededRandom } from './synthetic/generate';

const STATUSES = [
  'CREATED',
  'PROCESSING',
  'ACCEPTED',
  'PART_SHIPPED',
  'SHIPPED',
  'COMPLETE',
  'ATTENTION_REQUIRED',
  'FAILED',
  'PENDING_AUTHORISATION',
  'CANCELLED',
];
const DAY = 86_400_000;
const CHUNK = 5000;

async function maxId(db: Knex, table: string): Promise<number> {
  return Number((await db(table).max({ id: 'id' }).first())?.['id'] ?? 0);
}

/**
 * A large tree for benchmarks (`hub seed --orders 100000 --organisations 1000`): under the root
 * organisation (the distributor, id 1 in the demo), resellers of about twenty customers each, then
 * N orders spread over them across two years, with every status, both types and payment types.
 * Runs on a demo database, and may run more than once (it adds).
 */
export async function seedSyntheticOrders(
  db: Knex,
  options: { orders: number; organisations: number; seed?: number },
): Promise<{ organisations: number; orders: number; ms: number }> {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 20261125);
  await db.transaction(async (trx) => {
    const root = (await trx('organisations').whereNull('parent_id').orderBy('id').first('id', 'tree_path')) as
      { id: number; tree_path: string } | undefined;
    if (!root) throw new Error('seed the demo data first: the synthetic tree hangs below its root organisation');
    const base = await maxId(trx, 'organisations');
    const organisations: Record<string, unknown>[] = [];
    const resellers = Math.max(1, Math.round(options.organisations / 20));
    let reseller = { id: Number(root.id), path: root.tree_path };
    for (let index = 0; index < options.organisations; index++) {
      const id = base + index + 1;
      const isReseller = index % Math.ceil(options.organisations / resellers) === 0;
      const parent = isReseller ? { id: Number(root.id), path: root.tree_path } : reseller;
      const path = `${parent.path}${id}/`;
      organisations.push({
        id,
        name: `Synthetic ${isReseller ? 'Reseller' : 'Customer'} ${id}`,
        parent_id: parent.id,
        tree_path: path,
        depth: path.split('/').filter(Boolean).length - 1,
        status: 'ENABLED',
        currency: random() < 0.8 ? 'GBP' : 'EUR',
        finance_type: null,
        po_number_required: false,
        force_po_uniqueness: false,
        can_create_resellers: isReseller,
        assigned_price_list_id: null,
        subscribed_modules: JSON.stringify(['WEBSTORE']),
        preferred_language: 'en',
        user_inactivity_timeout: 86400,
        admin_email: null,
        tenant_name: null,
        team_name: null,
      });
      if (isReseller) reseller = { id, path };
    }
    await insertAll(trx, 'organisations', organisations, 100);

    const orderBase = await maxId(trx, 'orders');
    const now = Date.UTC(2026, 10, 1);
    for (let start = 0; start < options.orders; start += CHUNK) {
      const rows: Record<string, unknown>[] = [];
      for (let index = start; index < Math.min(options.orders, start + CHUNK); index++) {
        const id = orderBase + index + 1;
        const organisation = organisations[Math.floor(random() * organisations.length)]!;
        rows.push({
          id,
          name: `SYN-ORD-${String(id).padStart(7, '0')}`,
          supplier_ref: random() < 0.7 ? `SUP-${id}` : null,
          purchase_order_number: random() < 0.5 ? `PO-${Math.floor(random() * 1e6)}` : null,
          organisation_id: organisation['id'],
          total: toScaled((Math.floor(random() * 5_000_000) / 100).toFixed(2)),
          currency: organisation['currency'],
          date: now - Math.floor(random() * 730 * DAY),
          order_type: random() < 0.9 ? 'SALES_ORDER' : 'CHANGE_ORDER',
          status: STATUSES[Math.floor(random() * STATUSES.length)],
          payment_type: random() < 0.85 ? 'ON_ACCOUNT' : 'FINANCE',
          part_ship: false,
        });
      }
      await insertAll(trx, 'orders', rows, 200);
    }
    await syncSequences(trx, ['organisations', 'orders']);
    // Caches keyed by these versions (docs/performance.md) must not outlive the new tree.
    await bumpDataVersion(trx, ACCESS_VERSION);
    await bumpDataVersion(trx, 'orders');
  });
  return { organisations: options.organisations, orders: options.orders, ms: Math.round(performance.now() - started) };
}
