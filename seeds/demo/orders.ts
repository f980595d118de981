import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { toScaled } from '../../server/db/scaled';
import { basketTotals, priceLine, toMoneyString } from '../../shared/pricing';
import { buyableProducts } from '../../server/modules/baskets/basketProducts';
import { priceListOf } from '../../server/modules/catalogue/priceLists';
import { insertAll } from '../insert';
import { CUSTOMER, CUSTOMER_BRANCH, EU_CUSTOMER, OTHER_CUSTOMER, RESELLER, SUPPLIER } from './organisations';

/**
 * Orders, quotes, baskets and shipping types of the demo (001 §3, 000 §3). Orders cover every
 * status and both types across Customer Co, its branch, EU Customer and Other Reseller's customer,
 * so that tree-scope tests see rows both inside and outside a caller's subtree.
 */

export const ORDER_STATUSES = [
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
] as const;
export const QUOTE_STATUSES = ['DRAFT', 'PUBLISHED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'VOIDED'] as const;

/** Whose orders the demo has, in turn: a buyer's organisation appears most, each other one often enough. */
const ORDER_ORGANISATIONS = [CUSTOMER, CUSTOMER_BRANCH, EU_CUSTOMER, CUSTOMER, OTHER_CUSTOMER];
/** User ids of the demo that place orders for each organisation (none for those without users). */
const BUYER_OF: Record<number, number | null> = { [CUSTOMER]: 3, [CUSTOMER_BRANCH]: 3, [EU_CUSTOMER]: 4, [OTHER_CUSTOMER]: null };
const DAY = 24 * 3600_000;
/** The first demo order's date; the others follow every three days. */
const FIRST_ORDER_AT = Date.parse('2026-01-05T09:30:00.000Z');

interface LineSpec {
  code: string;
  quantity: number;
  price: string;
  kind?: 'dropbox' | 'acronis' | 'zoom' | 'nuvias';
}

/** The line sets orders and quotes take in turn: hardware to ship, software, subscriptions. */
const LINE_SETS: LineSpec[][] = [
  [
    { code: 'GEN-HDMI-5M', quantity: 4, price: '9.50' },
    { code: 'GEN-WALL-MOUNT', quantity: 2, price: '39.00' },
  ],
  [{ code: 'ZOOM-ROOMS-LIC', quantity: 1, price: '420.00' }],
  [{ code: 'DBX-BUS-STD', quantity: 10, price: '12.00', kind: 'dropbox' }],
  [
    { code: 'LOGI-CABLE-KIT', quantity: 3, price: '59.00' },
    { code: 'SVC-INSTALL-ROOM', quantity: 1, price: '650.00' },
  ],
  [{ code: 'ACR-CP-STD', quantity: 25, price: '4.80', kind: 'acronis' }],
  [{ code: 'ZM-ONE-PRO', quantity: 5, price: '11.99', kind: 'zoom' }],
  [{ code: 'NUV-CONTRACT-STD', quantity: 1, price: '130.00', kind: 'nuvias' }],
];

const SHIPPED_STATUSES = new Set(['PART_SHIPPED', 'SHIPPED', 'COMPLETE']);

function subOrderColumns(kind: LineSpec['kind'], index: number) {
  return {
    dropbox_team_name: kind === 'dropbox' ? `team-${index}` : null,
    dropbox_admin_email: kind === 'dropbox' ? 'it@customer.example' : null,
    acronis_tenant_name: kind === 'acronis' ? `tenant-${index}` : null,
    acronis_admin_email: kind === 'acronis' ? 'backup@customer.example' : null,
    zoom_order_type: kind === 'zoom' ? 'NEW_BUSINESS' : null,
    zoom_deal_registration_id: kind === 'zoom' ? `DR-${1000 + index}` : null,
    zoom_deal_registration_approval_id: kind === 'zoom' ? `DRA-${2000 + index}` : null,
    zoom_end_user_company: kind === 'zoom' ? 'Customer Co Ltd' : null,
    zoom_end_user_name: kind === 'zoom' ? 'Bob Buyer' : null,
    zoom_end_user_email: kind === 'zoom' ? 'buyer@customer.example' : null,
    nuvias_name: kind === 'nuvias' ? `Contract ${index}` : null,
  };
}

const SHIPPING_ADDRESS = {
  shipping_company_name: 'Customer Co Ltd',
  shipping_recipient_name: 'Goods In',
  shipping_addr_line_1: '1 Market Street',
  shipping_addr_line_2: null,
  shipping_city: 'Leeds',
  shipping_region: 'West Yorkshire',
  shipping_postal_code: 'LS1 1AA',
  shipping_country_code: 'GB',
};

/** Multi-row inserts need the same keys in every row: these are the "none" values. */
const NO_SHIPPING_ADDRESS = Object.fromEntries(Object.keys(SHIPPING_ADDRESS).map((key) => [key, null]));
const FINANCE = {
  finance_target: 'SELF',
  finance_title: 'Mr',
  finance_first_name: 'Bob',
  finance_last_name: 'Buyer',
  finance_email_address: 'buyer@customer.example',
  finance_contact_number: '01130000000',
  finance_term_length: 60,
  finance_approved: true,
};
const NO_FINANCE = { ...Object.fromEntries(Object.keys(FINANCE).map((key) => [key, null])), finance_approved: false };

async function productIds(db: Knex): Promise<Map<string, number>> {
  const rows = (await db('products').select('id', 'product_code')) as { id: number; product_code: string }[];
  return new Map(rows.map((row) => [row.product_code, Number(row.id)]));
}

function lineTotal(lines: LineSpec[]): Decimal {
  return lines.reduce((sum, line) => sum.plus(new Decimal(line.price).times(line.quantity)), new Decimal(0));
}

async function seedShippingTypes(db: Knex): Promise<void> {
  await insertAll(db, 'shipping_types', [
    {
      id: 1,
      name: 'Standard UK delivery',
      description: 'Two to three working days.',
      exclude_countries: false,
      rate_type: 'FLAT',
      rate: toScaled('9.95'),
      weight_unit: null,
      min_cost: null,
      max_cost: null,
    },
    {
      id: 2,
      name: 'Courier per item',
      description: 'Next working day, charged per item.',
      exclude_countries: false,
      rate_type: 'BY_ITEM',
      rate: toScaled('4.50'),
      weight_unit: null,
      min_cost: toScaled('5.00'),
      max_cost: toScaled('60.00'),
    },
    {
      id: 3,
      name: 'International freight',
      description: 'Outside the UK, priced by weight.',
      exclude_countries: true,
      rate_type: 'BY_WEIGHT_TABLE',
      rate: null,
      weight_unit: 'KILOGRAMS',
      min_cost: toScaled('15.00'),
      max_cost: toScaled('250.00'),
    },
  ]);
  const countries: [number, string][] = [
    [1, 'GB'],
    [2, 'GB'],
    [2, 'IE'],
    [2, 'FR'],
    [2, 'DE'],
    [2, 'NL'],
    [3, 'GB'],
  ];
  await insertAll(
    db,
    'shipping_type_countries',
    countries.map(([shippingType, code], index) => ({ id: index + 1, shipping_type_id: shippingType, country_code: code })),
  );
  await insertAll(db, 'shipping_prices', [
    { id: 1, shipping_type_id: 3, min_weight: toScaled('0'), max_weight: toScaled('2'), rate: toScaled('15.00') },
    { id: 2, shipping_type_id: 3, min_weight: toScaled('2'), max_weight: toScaled('10'), rate: toScaled('35.00') },
    { id: 3, shipping_type_id: 3, min_weight: toScaled('10'), max_weight: null, rate: toScaled('80.00') },
  ]);
}

function lineRow(line: LineSpec, index: number, ids: Map<string, number>) {
  const productId = ids.get(line.code);
  if (productId === undefined) throw new Error(`demo orders: unknown product ${line.code}`);
  return {
    product_id: productId,
    name: line.code,
    quantity: line.quantity,
    price: toScaled(line.price),
    sub_total_for_item: toScaled(new Decimal(line.price).times(line.quantity).toFixed(2)),
    discount: toScaled('0'),
    ...subOrderColumns(line.kind, index),
  };
}

const RECIPIENT_NAME: Record<number, string> = { [CUSTOMER]: 'Bob Buyer', [EU_CUSTOMER]: 'Eva Kunde', [RESELLER]: 'Rita Reseller' };
const RECIPIENT_MAILBOX: Record<number, string> = { [CUSTOMER]: 'buyer', [EU_CUSTOMER]: 'buyer', [RESELLER]: 'sales' };
const RECIPIENT_DOMAIN: Record<number, string> = {
  [CUSTOMER]: 'customer.example',
  [EU_CUSTOMER]: 'eu-customer.example',
  [RESELLER]: 'reseller.example',
};

const OPEN_QUOTE = new Set<string>(['DRAFT', 'PUBLISHED']);

/**
 * Quote-only product flags (001 §3): Zoom add-ons are counted per seat of the base plan, and
 * installation services take no discount (a quote line's discount is refused on them).
 */
async function seedQuoteFlags(db: Knex): Promise<void> {
  await db('products').where({ subscription_type: 'ZOOM', subscription_product_type: 'ADD_ON' }).update({ quantity_type: 'SEAT' });
  await db('products').where('product_code', 'like', 'SVC-%').update({ discountable: false });
}

async function seedQuotes(db: Knex, ids: Map<string, number>): Promise<void> {
  await seedQuoteFlags(db);
  const quotes: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  // Outward quotes are root-side (002 §6): the distributor (root organisation, its root admin Sam)
  // quotes each status to two customers and to a reseller below it.
  const recipients = [CUSTOMER, EU_CUSTOMER, RESELLER];
  for (const to of recipients) {
    const [from, creator] = [SUPPLIER, 1];
    QUOTE_STATUSES.forEach((status, statusIndex) => {
      const id = quotes.length + 1;
      const set = LINE_SETS[id % LINE_SETS.length]!;
      const date = FIRST_ORDER_AT + id * 2 * DAY;
      quotes.push({
        id,
        name: `Quote ${id} ${status.toLowerCase()}`,
        supplier_ref: status === 'DRAFT' ? null : `SQ-${5000 + id}`,
        organisation_from_id: from,
        organisation_to_id: to,
        date,
        // Open quotes (DRAFT, PUBLISHED) stay valid for the demo's lifetime; the others expired long ago.
        expiry_date: new Date(date + (OPEN_QUOTE.has(status) ? 3 * 365 : 30) * DAY).toISOString().slice(0, 10),
        quote_status: status,
        total: toScaled(lineTotal(set).toFixed(2)),
        currency: to === EU_CUSTOMER ? 'EUR' : 'GBP',
        purchase_order_number: status === 'ACCEPTED' ? `PO-Q${id}` : null,
        order_id: null,
        recipient_name: RECIPIENT_NAME[to],
        recipient_email: `${RECIPIENT_MAILBOX[to]}${statusIndex}@${RECIPIENT_DOMAIN[to]}`,
        payment_type: 'ON_ACCOUNT',
        // As a save derives it (server/modules/quotes/quoteTotals.ts): no demo line has a discount
        // above the supplier's approval threshold, so none waits for approval until one is given.
        requires_approval: false,
        part_ship: false,
        created_by_user_id: creator,
        ...(set.some((line) => line.code.startsWith('GEN-'))
          ? { ...SHIPPING_ADDRESS, shipping_type_id: 1, ship_cost: toScaled('9.95') }
          : { ...NO_SHIPPING_ADDRESS, shipping_type_id: null, ship_cost: null }),
      });
      set.forEach((line) => lines.push({ id: lines.length + 1, quote_id: id, ...lineRow(line, id, ids) }));
    });
  }
  await insertAll(db, 'quotes', quotes);
  await insertAll(db, 'quote_line_items', lines);
}

/** The accepted quote to Customer Co became an order: they point at each other. */
const ACCEPTED_QUOTE_ID = 3;

async function seedOrderRows(db: Knex, ids: Map<string, number>): Promise<void> {
  const orders: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  const linkedRefs: Record<string, unknown>[] = [];
  const shipments: Record<string, unknown>[] = [];
  const shipmentItems: Record<string, unknown>[] = [];
  const units: Record<string, unknown>[] = [];
  // Each status twice, over five organisations in turn: 20 orders, every fourth a change order.
  for (let index = 0; index < ORDER_STATUSES.length * 2; index++) {
    const id = index + 1;
    const status = ORDER_STATUSES[index % ORDER_STATUSES.length]!;
    const organisation = ORDER_ORGANISATIONS[index % ORDER_ORGANISATIONS.length]!;
    const changeOrder = index % 4 === 3;
    // Change orders change a subscription: their line and total come with it (seeds/demo/changeOrders.ts).
    // Shipped orders carry hardware, so they have shipments.
    const set = changeOrder
      ? []
      : SHIPPED_STATUSES.has(status)
        ? LINE_SETS[index % 2 === 0 ? 0 : 3]!
        : LINE_SETS[index % LINE_SETS.length]!;
    const shippable = set.some((line) => line.code.startsWith('GEN-') || line.code.startsWith('LOGI-'));
    const date = FIRST_ORDER_AT + index * 3 * DAY;
    const fromQuote = id === 1;
    orders.push({
      id,
      name: `HUB-${String(10000 + id)}`,
      supplier_ref: status === 'CREATED' || status === 'PENDING_AUTHORISATION' ? null : `SO${String(700000 + id)}`,
      purchase_order_number: `PO-${organisation}-${id}`,
      organisation_id: organisation,
      total: toScaled(lineTotal(set).toFixed(2)),
      currency: organisation === EU_CUSTOMER ? 'EUR' : 'GBP',
      date,
      created_by_user_id: BUYER_OF[organisation] ?? null,
      order_type: changeOrder ? 'CHANGE_ORDER' : 'SALES_ORDER',
      status,
      external_id: status === 'CREATED' || status === 'PENDING_AUTHORISATION' ? null : `EXT-${id}`,
      payment_type: id % 7 === 0 ? 'FINANCE' : 'ON_ACCOUNT',
      quote_id: fromQuote ? ACCEPTED_QUOTE_ID : null,
      attention_required: status === 'ATTENTION_REQUIRED' ? 'The supplier needs a valid end-user e-mail address.' : null,
      part_ship: shippable,
      ship_cost: shippable ? toScaled('9.95') : null,
      shipping_type_id: shippable ? 1 : null,
      ...(shippable ? SHIPPING_ADDRESS : NO_SHIPPING_ADDRESS),
      ...(id % 7 === 0 ? FINANCE : NO_FINANCE),
    });
    set.forEach((line) =>
      lines.push({ id: lines.length + 1, order_id: id, original_price: toScaled(line.price), ...lineRow(line, id, ids) }),
    );
    if (status !== 'CREATED' && status !== 'PENDING_AUTHORISATION')
      linkedRefs.push({ id: linkedRefs.length + 1, order_id: id, supplier_ref: `SO${String(800000 + id)}` });
    if (shippable && SHIPPED_STATUSES.has(status)) {
      const shipmentId = shipments.length + 1;
      shipments.push({
        id: shipmentId,
        order_id: id,
        reference: `SHP-${id}`,
        date: date + 2 * DAY,
        tracking_number: `TRK${String(123456 + id)}`,
      });
      const line = set[0]!;
      const itemId = shipmentItems.length + 1;
      shipmentItems.push({
        id: itemId,
        shipment_id: shipmentId,
        product_id: ids.get(line.code),
        name: line.code,
        product_code: line.code,
        quantity: line.quantity,
      });
      for (let unit = 1; unit <= line.quantity; unit++) {
        units.push({
          id: units.length + 1,
          order_id: id,
          product_id: ids.get(line.code),
          shipment_item_id: itemId,
          serial_number: `SN-${id}-${String(unit).padStart(3, '0')}`,
        });
      }
    }
  }
  await insertAll(db, 'orders', orders);
  await insertAll(db, 'order_line_items', lines);
  await insertAll(db, 'order_linked_supplier_refs', linkedRefs);
  await insertAll(db, 'shipments', shipments);
  await insertAll(db, 'shipment_items', shipmentItems);
  await insertAll(db, 'order_units', units);
  await db('quotes').where('id', ACCEPTED_QUOTE_ID).update({ order_id: 1 });
}

async function seedBaskets(db: Knex, ids: Map<string, number>): Promise<void> {
  const created = Date.parse('2026-11-01T10:00:00.000Z');
  const baskets = [
    { id: 1, name: 'Meeting room refresh', organisation_id: CUSTOMER, created_by_id: 3, set: LINE_SETS[0]! },
    { id: 2, name: null, organisation_id: CUSTOMER, created_by_id: 3, set: LINE_SETS[2]! },
    { id: 3, name: 'Empty basket', organisation_id: CUSTOMER, created_by_id: 3, set: [] },
    { id: 4, name: 'Branch cables', organisation_id: CUSTOMER_BRANCH, created_by_id: null, set: LINE_SETS[3]! },
    { id: 5, name: 'EU rollout', organisation_id: EU_CUSTOMER, created_by_id: 4, set: LINE_SETS[1]! },
    { id: 6, name: 'Other customer basket', organisation_id: OTHER_CUSTOMER, created_by_id: null, set: LINE_SETS[0]! },
  ];
  await insertAll(
    db,
    'baskets',
    baskets.map(({ set, ...basket }) => ({
      ...basket,
      total: toScaled(lineTotal(set).toFixed(2)),
      currency: basket.organisation_id === EU_CUSTOMER ? 'EUR' : 'GBP',
      payment_type: 'ON_ACCOUNT',
      part_ship: false,
      created_at: created + basket.id * DAY,
    })),
  );
  let lineId = 0;
  await insertAll(
    db,
    'basket_line_items',
    baskets.flatMap((basket) =>
      basket.set.map((line) => {
        const { name: _name, price: _price, sub_total_for_item: _subTotal, ...row } = lineRow(line, basket.id, ids);
        return { id: ++lineId, basket_id: basket.id, ...row };
      }),
    ),
  );
  await priceBaskets(
    db,
    baskets.map((basket) => basket.id),
  );
}

/**
 * A basket's total as the server keeps it (docs/buying.md): its lines priced now with
 * shared/pricing from its organisation's list, so the list and the basket page agree.
 */
async function priceBaskets(db: Knex, basketIds: number[]): Promise<void> {
  for (const basketId of basketIds) {
    const basket = (await db('baskets as b')
      .join('organisations as o', 'o.id', 'b.organisation_id')
      .where('b.id', basketId)
      .first('o.assigned_price_list_id', 'o.currency')) as { assigned_price_list_id: number | null; currency: 'GBP' | 'EUR' };
    const list = await priceListOf(db, {
      assigned_price_list_id: basket.assigned_price_list_id === null ? null : Number(basket.assigned_price_list_id),
      currency: basket.currency,
    });
    const lines = (await db('basket_line_items').where('basket_id', basketId)) as {
      product_id: number;
      quantity: number;
      selected_rate_plan_id: number | null;
    }[];
    const products = await buyableProducts(
      db,
      list,
      lines.map((line) => Number(line.product_id)),
    );
    const priced = lines.flatMap((line) => {
      const product = products.get(Number(line.product_id));
      return product ? [priceLine(product, { quantity: line.quantity, ratePlanId: line.selected_rate_plan_id })] : [];
    });
    await db('baskets')
      .where('id', basketId)
      .update({ total: toScaled(toMoneyString(basketTotals(priced).subtotal)) });
  }
}

export const ORDER_TABLES = [
  'shipping_types',
  'shipping_type_countries',
  'shipping_prices',
  'quotes',
  'quote_line_items',
  'orders',
  'order_line_items',
  'order_linked_supplier_refs',
  'shipments',
  'shipment_items',
  'order_units',
  'baskets',
  'basket_line_items',
];

/** Needs the organisations, users and catalogue of the demo in place. */
export async function seedOrders(db: Knex): Promise<void> {
  const ids = await productIds(db);
  await seedShippingTypes(db);
  await seedQuotes(db, ids);
  await seedOrderRows(db, ids);
  await seedBaskets(db, ids);
}
