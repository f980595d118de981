import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { toScaled } from '../../server/db/scaled';
import { invoicePdf, netOf, type InvoicePdfLine } from '../../server/modules/billing/invoicePdf';
import { subscriptionFacts, subscriptionTotals } from '../../server/modules/subscriptions/breakdown';
import { insertAll } from '../insert';
import { CUSTOMER, CUSTOMER_BRANCH, EU_CUSTOMER, OTHER_CUSTOMER, RESELLER } from './organisations';

/**
 * Demo subscriptions, invoices and credit notes, and sales metrics (001). Dates are relative to the
 * day the seed runs, so the invoices always cover every days-overdue bucket.
 */

const DAY_MS = 24 * 3600_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The calendar day `offset` days from today (negative: in the past). */
const day = (today: Date, offset: number) =>
  dayOf(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + offset * DAY_MS);

type Vendor = 'ACRONIS' | 'DROPBOX' | 'NUVIAS' | 'SBC_AS_A_SERVICE' | 'STAC_TEAMS' | 'STAC_ZOOM_PHONE' | 'ZOOM';
type SubscriptionStatus = 'ACTIVE' | 'EXPIRED' | 'PENDING' | 'CANCELLED' | 'SUSPENDED';

interface DemoBillingSubscription {
  id: number;
  name: string;
  organisation: number;
  type: Vendor;
  status: SubscriptionStatus;
  billing: 'MONTHLY' | 'ANNUALLY' | 'TWO_YEARS' | 'THREE_YEARS';
  termMonths: number;
  /** Days from today to the start; the end is a term later. */
  startsIn: number;
  autoRenew?: boolean;
  pendingChange?: boolean;
  /** Product code → quantity. */
  products: Record<string, number>;
  /** The status of the order it came from, when it matters (a COMPLETE one leaves it open to change orders). */
  orderStatus?: 'COMPLETE';
}

/** Every vendor and every status; the customer and its branch alone already hold every status. */
export const DEMO_BILLING_SUBSCRIPTIONS: DemoBillingSubscription[] = [
  {
    id: 1,
    name: 'Zoom Workplace for head office',
    organisation: CUSTOMER,
    type: 'ZOOM',
    status: 'ACTIVE',
    billing: 'ANNUALLY',
    termMonths: 12,
    startsIn: -200,
    autoRenew: true,
    products: { 'ZM-ONE-PRO': 25, 'ZM-LARGE-MTG': 1 },
  },
  // The one a buyer raises with a change order (issue 9): ACTIVE, neither ZOOM nor ACRONIS, from a COMPLETE order.
  {
    id: 2,
    name: 'Dropbox team storage',
    organisation: CUSTOMER,
    type: 'DROPBOX',
    status: 'ACTIVE',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: -90,
    autoRenew: true,
    products: { 'DBX-BUS-STD': 18 },
    orderStatus: 'COMPLETE',
  },
  {
    id: 3,
    name: 'Acronis backup roll-out',
    organisation: CUSTOMER,
    type: 'ACRONIS',
    status: 'PENDING',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: 7,
    products: { 'ACR-CP-STD': 20 },
  },
  {
    id: 4,
    name: 'Teams calling',
    organisation: CUSTOMER,
    type: 'STAC_TEAMS',
    status: 'SUSPENDED',
    billing: 'MONTHLY',
    termMonths: 24,
    startsIn: -300,
    products: { 'STAC-TEAMS-DR': 50 },
  },
  {
    id: 5,
    name: 'Zoom Phone carrier',
    organisation: CUSTOMER,
    type: 'STAC_ZOOM_PHONE',
    status: 'ACTIVE',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: -45,
    products: { 'STAC-ZP-BYOC': 1 },
  },
  {
    id: 6,
    name: 'Branch session border controller',
    organisation: CUSTOMER_BRANCH,
    type: 'SBC_AS_A_SERVICE',
    status: 'ACTIVE',
    billing: 'THREE_YEARS',
    termMonths: 36,
    startsIn: -400,
    products: { 'SBC-AAS-100': 10 },
  },
  {
    id: 7,
    name: 'Branch managed support',
    organisation: CUSTOMER_BRANCH,
    type: 'NUVIAS',
    status: 'EXPIRED',
    billing: 'ANNUALLY',
    termMonths: 12,
    startsIn: -500,
    products: { 'NUV-CONTRACT-STD': 1 },
  },
  {
    id: 8,
    name: 'Branch Dropbox Advanced',
    organisation: CUSTOMER_BRANCH,
    type: 'DROPBOX',
    status: 'CANCELLED',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: -150,
    products: { 'DBX-BUS-ADV': 4 },
  },
  {
    id: 9,
    name: 'Zoom Workplace Business',
    organisation: EU_CUSTOMER,
    type: 'ZOOM',
    status: 'ACTIVE',
    billing: 'ANNUALLY',
    termMonths: 12,
    startsIn: -60,
    autoRenew: true,
    pendingChange: true,
    products: { 'ZM-ONE-BUS': 12 },
  },
  {
    id: 10,
    name: 'Zoom Phone BYOC (Berlin)',
    organisation: EU_CUSTOMER,
    type: 'STAC_ZOOM_PHONE',
    status: 'CANCELLED',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: -120,
    products: { 'STAC-ZP-BYOC': 1 },
  },
  {
    id: 11,
    name: 'Dropbox archive',
    organisation: EU_CUSTOMER,
    type: 'DROPBOX',
    status: 'EXPIRED',
    billing: 'ANNUALLY',
    termMonths: 12,
    startsIn: -420,
    products: { 'DBX-BUS-STD': 6 },
  },
  {
    id: 12,
    name: 'Acronis protection',
    organisation: OTHER_CUSTOMER,
    type: 'ACRONIS',
    status: 'ACTIVE',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: -30,
    products: { 'ACR-CP-STD': 10 },
  },
  {
    id: 13,
    name: 'Zoom Workplace trial',
    organisation: OTHER_CUSTOMER,
    type: 'ZOOM',
    status: 'CANCELLED',
    billing: 'MONTHLY',
    termMonths: 12,
    startsIn: -100,
    products: { 'ZM-ONE-PRO': 10 },
  },
  // Root activates or cancels it (001 §4): a PENDING ZOOM subscription; 9 above has a pending change.
  {
    id: 15,
    name: 'Zoom Rooms roll-out',
    organisation: CUSTOMER,
    type: 'ZOOM',
    status: 'PENDING',
    billing: 'ANNUALLY',
    termMonths: 12,
    startsIn: -5,
    products: { 'ZM-ONE-PRO': 5 },
  },
  {
    id: 14,
    name: 'SBC pilot',
    organisation: OTHER_CUSTOMER,
    type: 'SBC_AS_A_SERVICE',
    status: 'PENDING',
    billing: 'THREE_YEARS',
    termMonths: 36,
    startsIn: 14,
    products: { 'SBC-AAS-100': 10 },
  },
];

const CURRENCY_OF: Record<number, 'GBP' | 'EUR'> = { [EU_CUSTOMER]: 'EUR' };

/** The row without its figures, which follow from its products (subscriptionFigures). */
function subscriptionRow(subscription: DemoBillingSubscription, today: Date, orderId: number | null) {
  const started = subscription.status !== 'PENDING';
  return {
    id: subscription.id,
    name: subscription.name,
    status: subscription.status,
    organisation_id: subscription.organisation,
    type: subscription.type,
    start_date: day(today, subscription.startsIn),
    end_date: day(today, subscription.startsIn + Math.round((subscription.termMonths * 365) / 12)),
    service_activation_date: started ? day(today, subscription.startsIn) : null,
    billing_frequency: subscription.billing,
    auto_renewal_flag: subscription.autoRenew ?? false,
    renewal_term_months: subscription.termMonths,
    currency: CURRENCY_OF[subscription.organisation] ?? 'GBP',
    order_id: orderId,
    pending_change: subscription.pendingChange ?? false,
  };
}

type InvoiceStatus = 'PAID_IN_FULL' | 'OPEN' | 'FULLY_APPLIED' | 'PENDING_APPROVAL' | 'REJECTED' | 'VOIDED';

export interface DemoInvoice {
  reference: string;
  organisation: number;
  type?: 'CREDIT_NOTE';
  status: InvoiceStatus;
  /** Days from today to the invoice date. */
  dated: number;
  /** Days from today to the due date; credit notes have none. */
  due?: number;
  total: string;
  po?: string;
}

/**
 * Every status of both types. The open invoices of the customer and its branch fall in every
 * overdue bucket, at both edges of each (1, 30 | 31, 45 | 75, 90 | 91, 120 days).
 */
export const DEMO_INVOICES: DemoInvoice[] = [
  { reference: 'INV-1001', organisation: CUSTOMER, status: 'OPEN', dated: -10, due: 20, total: '1250.00', po: 'PO-CC-7001' },
  { reference: 'INV-1002', organisation: CUSTOMER, status: 'OPEN', dated: -1, due: 0, total: '89.99', po: 'PO-CC-7002' },
  { reference: 'INV-1003', organisation: CUSTOMER, status: 'OPEN', dated: -31, due: -1, total: '430.50', po: 'PO-CC-7003' },
  { reference: 'INV-1004', organisation: CUSTOMER, status: 'OPEN', dated: -75, due: -45, total: '2999.00', po: 'PO-CC-7004' },
  { reference: 'INV-1005', organisation: CUSTOMER, status: 'OPEN', dated: -105, due: -75, total: '615.20' },
  { reference: 'INV-1006', organisation: CUSTOMER, status: 'OPEN', dated: -150, due: -120, total: '7420.00', po: 'PO-CC-7006' },
  { reference: 'INV-1007', organisation: CUSTOMER, status: 'PAID_IN_FULL', dated: -90, due: -60, total: '3598.80', po: 'PO-CC-6990' },
  { reference: 'INV-1008', organisation: CUSTOMER, status: 'PENDING_APPROVAL', dated: -2, due: 28, total: '540.00', po: 'PO-CC-7008' },
  { reference: 'INV-1009', organisation: CUSTOMER, status: 'REJECTED', dated: -20, due: -5, total: '199.00' },
  { reference: 'INV-1010', organisation: CUSTOMER, status: 'VOIDED', dated: -40, due: -10, total: '75.00', po: 'PO-CC-6950' },
  {
    reference: 'CN-2001',
    organisation: CUSTOMER,
    type: 'CREDIT_NOTE',
    status: 'FULLY_APPLIED',
    dated: -80,
    total: '-120.00',
    po: 'PO-CC-6990',
  },
  { reference: 'CN-2002', organisation: CUSTOMER, type: 'CREDIT_NOTE', status: 'OPEN', dated: -200, total: '-45.50' },
  { reference: 'INV-1101', organisation: CUSTOMER_BRANCH, status: 'OPEN', dated: -60, due: -30, total: '312.00', po: 'PO-BR-11' },
  { reference: 'INV-1102', organisation: CUSTOMER_BRANCH, status: 'OPEN', dated: -61, due: -31, total: '88.00', po: 'PO-BR-12' },
  { reference: 'INV-1103', organisation: CUSTOMER_BRANCH, status: 'OPEN', dated: -120, due: -90, total: '1800.00' },
  { reference: 'INV-1104', organisation: CUSTOMER_BRANCH, status: 'OPEN', dated: -121, due: -91, total: '64.00', po: 'PO-BR-14' },
  { reference: 'INV-1105', organisation: CUSTOMER_BRANCH, status: 'PAID_IN_FULL', dated: -35, due: -5, total: '540.00', po: 'PO-BR-15' },
  {
    reference: 'CN-2101',
    organisation: CUSTOMER_BRANCH,
    type: 'CREDIT_NOTE',
    status: 'PENDING_APPROVAL',
    dated: -3,
    total: '-64.00',
    po: 'PO-BR-14',
  },
  { reference: 'INV-1201', organisation: EU_CUSTOMER, status: 'OPEN', dated: -50, due: -20, total: '2808.00', po: 'PO-EU-501' },
  { reference: 'INV-1202', organisation: EU_CUSTOMER, status: 'PAID_IN_FULL', dated: -400, due: -370, total: '246.40' },
  { reference: 'CN-2201', organisation: EU_CUSTOMER, type: 'CREDIT_NOTE', status: 'VOIDED', dated: -30, total: '-99.00' },
  { reference: 'INV-1301', organisation: OTHER_CUSTOMER, status: 'OPEN', dated: -130, due: -100, total: '780.00', po: 'PO-OC-1' },
  { reference: 'INV-1302', organisation: OTHER_CUSTOMER, status: 'REJECTED', dated: -12, due: 18, total: '65.00' },
  { reference: 'CN-2301', organisation: OTHER_CUSTOMER, type: 'CREDIT_NOTE', status: 'REJECTED', dated: -8, total: '-15.00' },
  { reference: 'INV-1401', organisation: RESELLER, status: 'OPEN', dated: -25, due: 5, total: '15400.00', po: 'PO-RP-88' },
];

function invoiceRow(invoice: DemoInvoice, index: number, today: Date) {
  return {
    id: index + 1,
    reference: invoice.reference,
    type: invoice.type ?? 'INVOICE',
    date: day(today, invoice.dated),
    due_date: invoice.due === undefined ? null : day(today, invoice.due),
    organisation_id: invoice.organisation,
    purchase_order: invoice.po ?? null,
    total: toScaled(invoice.total),
    currency: CURRENCY_OF[invoice.organisation] ?? 'GBP',
    status: invoice.status,
  };
}

const VAT_PERCENT = 20;
/** What the demo documents bill: a line of licences and, on larger ones, a services line. */
const LINE_TEXT = {
  INVOICE: ['Cloud licences per subscription terms', 'Professional services'],
  CREDIT_NOTE: ['Credit for returned licences', 'Service credit'],
};

/**
 * The lines of a demo document: its net (the total less VAT at 20 %, 000 §9) as one line, or as
 * two (70 % and the rest) from 500 up; quantity 1, so the unit price is exact.
 */
export function demoInvoiceLines(invoice: DemoInvoice): InvoicePdfLine[] {
  const net = netOf(invoice.total, VAT_PERCENT);
  const texts = LINE_TEXT[invoice.type ?? 'INVOICE'];
  if (net.abs().lessThan(500)) return [{ description: texts[0]!, quantity: 1, unitPrice: net.toFixed(2) }];
  const first = net.times('0.7').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return [
    { description: texts[0]!, quantity: 1, unitPrice: first.toFixed(2) },
    { description: texts[1]!, quantity: 1, unitPrice: net.minus(first).toFixed(2) },
  ];
}

/** A real PDF per demo invoice and credit note (001 §2, §7), stored as base64 text. */
async function invoiceFileRows(db: Knex, today: Date) {
  const names = new Map(
    ((await db('organisations').select('id', 'name')) as { id: number; name: string }[]).map((row) => [Number(row.id), row.name]),
  );
  return Promise.all(
    DEMO_INVOICES.map(async (invoice, index) => {
      const row = invoiceRow(invoice, index, today);
      const pdf = await invoicePdf({
        type: row.type as 'INVOICE' | 'CREDIT_NOTE',
        reference: invoice.reference,
        date: row.date,
        dueDate: row.due_date,
        purchaseOrder: row.purchase_order,
        organisation: names.get(invoice.organisation) ?? String(invoice.organisation),
        currency: row.currency,
        vatPercent: VAT_PERCENT,
        total: invoice.total,
        lines: demoInvoiceLines(invoice),
      });
      return {
        id: index + 1,
        invoice_id: row.id,
        file_name: `${invoice.reference}.pdf`,
        content_type: 'application/pdf',
        size: pdf.byteLength,
        content: Buffer.from(pdf).toString('base64'),
      };
    }),
  );
}

/** New organisations, number of sales and sales in GBP over one period. */
export type PeriodFigures = [number, number, string];
export type PeriodKind = 'week' | 'month' | 'quarter';

/**
 * The figures of the current period followed by earlier ones, newest first: each earlier period
 * takes a tenth less (counts rounded down, money to the penny), so every manager has a history.
 */
function history(current: PeriodFigures, periods: number): PeriodFigures[] {
  return Array.from({ length: periods }, (_, back) => {
    const tenths = 10 - back;
    const [newOrgs, orders, gbp] = current;
    return [
      Math.floor((newOrgs * tenths) / 10),
      Math.floor((orders * tenths) / 10),
      new Decimal(gbp).times(tenths).dividedBy(10).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
    ];
  });
}

/** How many periods of each kind the demo keeps per account manager (001 §2 metrics). */
export const DEMO_PERIOD_COUNTS: Record<PeriodKind, number> = { week: 4, month: 3, quarter: 2 };

function manager(id: number, name: string, week: PeriodFigures, month: PeriodFigures, quarter: PeriodFigures) {
  return {
    id,
    name,
    week: history(week, DEMO_PERIOD_COUNTS.week),
    month: history(month, DEMO_PERIOD_COUNTS.month),
    quarter: history(quarter, DEMO_PERIOD_COUNTS.quarter),
  };
}

/**
 * Account managers and their sales in GBP per week, month and quarter, newest period first (other
 * currencies follow). Eight, so that the charts' top six plus Others has something to group.
 */
export const DEMO_ACCOUNT_MANAGERS: {
  id: number;
  name: string;
  week: PeriodFigures[];
  month: PeriodFigures[];
  quarter: PeriodFigures[];
}[] = [
  manager(1, 'Alice Archer', [1, 6, '4200.00'], [3, 21, '18750.50'], [8, 64, '61200.00']),
  manager(2, 'Ben Bishop', [0, 2, '950.00'], [2, 11, '9400.00'], [5, 40, '38100.75']),
  manager(3, 'Chloe Carter', [2, 9, '7600.25'], [4, 30, '25800.00'], [11, 85, '79950.00']),
  manager(4, 'Dev Dhillon', [0, 0, '0.00'], [1, 5, '3100.00'], [3, 19, '14600.00']),
  manager(5, 'Erin Evans', [1, 4, '2250.00'], [1, 14, '11020.40'], [6, 37, '30480.00']),
  manager(6, 'Farah Fischer', [3, 12, '9120.00'], [5, 33, '27410.10'], [12, 92, '88300.00']),
  manager(7, 'George Grant', [0, 1, '480.00'], [1, 6, '4975.00'], [2, 22, '17250.00']),
  manager(8, 'Hana Hughes', [2, 7, '5310.60'], [3, 18, '15200.00'], [7, 51, '44820.25']),
];

const USD_PER_GBP = new Decimal('1.27');
const EUR_PER_GBP = new Decimal('1.17');
const inCurrency = (gbp: Decimal, rate: Decimal) => toScaled(gbp.times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));

/** The first day of the week (Monday), month or quarter `back` periods before the current one. */
function periodStart(today: Date, period: PeriodKind, back: number): string {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  if (period === 'week') return day(today, -((today.getUTCDay() + 6) % 7) - 7 * back);
  if (period === 'month') return dayOf(Date.UTC(year, month - back, 1));
  return dayOf(Date.UTC(year, month - (month % 3) - 3 * back, 1));
}

function metricsRows(today: Date) {
  const rows: Record<string, unknown>[] = [];
  for (const manager of DEMO_ACCOUNT_MANAGERS) {
    for (const period of ['week', 'month', 'quarter'] as const) {
      manager[period].forEach(([newOrgs, orders, gbp], back) => {
        const sales = new Decimal(gbp);
        rows.push({
          id: rows.length + 1,
          account_manager_id: manager.id,
          period,
          period_start: periodStart(today, period, back),
          new_orgs: newOrgs,
          orders,
          sales_usd: inCurrency(sales, USD_PER_GBP),
          sales_eur: inCurrency(sales, EUR_PER_GBP),
          sales_gbp: toScaled(sales),
        });
      });
    }
  }
  return rows;
}

/**
 * The demo order each subscription came from: the organisation's sales orders in id order, in turn
 * (the orders area seeds them first). None when the organisation has no sales order.
 */
async function originatingOrders(db: Knex): Promise<(subscription: DemoBillingSubscription) => number | null> {
  const orders = (await db('orders').where('order_type', 'SALES_ORDER').orderBy('id').select('id', 'organisation_id', 'status')) as {
    id: number;
    organisation_id: number;
    status: string;
  }[];
  const taken = new Map<number, number>();
  return (subscription) => {
    if (subscription.orderStatus) {
      // It still takes its turn, so the others keep the orders they had.
      taken.set(subscription.organisation, (taken.get(subscription.organisation) ?? 0) + 1);
      const wanted = orders.find(
        (order) => Number(order.organisation_id) === subscription.organisation && order.status === subscription.orderStatus,
      );
      if (!wanted) throw new Error(`demo subscription ${subscription.name} needs a ${subscription.orderStatus} order of its organisation`);
      return Number(wanted.id);
    }
    const own = orders.filter((order) => Number(order.organisation_id) === subscription.organisation);
    const turn = taken.get(subscription.organisation) ?? 0;
    taken.set(subscription.organisation, turn + 1);
    return own.length === 0 ? null : Number(own[turn % own.length]!.id);
  };
}

/**
 * Each subscription's recurring cost and total contract value as its breakdown computes them from
 * its products (000 §9, docs/after-sale.md), so the record and its breakdown tab agree.
 */
async function storeSubscriptionFigures(db: Knex): Promise<void> {
  // Stored money keeps four places, as the breakdown's figures travel.
  const money = (value: Decimal | null) => (value === null ? null : toScaled(value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP)));
  for (const { id } of DEMO_BILLING_SUBSCRIPTIONS) {
    const totals = await subscriptionTotals(db, await subscriptionFacts(db, id));
    await db('subscriptions')
      .where('id', id)
      .update({ recurring_cost: money(totals.recurringCost), total_contract_value: money(totals.totalContractValue) });
  }
}

export const BILLING_TABLES = [
  'subscriptions',
  'subscription_products',
  'invoices',
  'invoice_files',
  'metrics_account_managers',
  'metrics_periods',
];

/** Seeds the billing demo data after the catalogue (products are found by code) and the orders. */
export async function seedBilling(db: Knex, today: Date = new Date()): Promise<void> {
  const orderOf = await originatingOrders(db);
  await insertAll(
    db,
    'subscriptions',
    DEMO_BILLING_SUBSCRIPTIONS.map((subscription) => subscriptionRow(subscription, today, orderOf(subscription))),
  );
  const codes = [...new Set(DEMO_BILLING_SUBSCRIPTIONS.flatMap((subscription) => Object.keys(subscription.products)))];
  const products = (await db('products').whereIn('product_code', codes).select('id', 'product_code')) as {
    id: number;
    product_code: string;
  }[];
  const productId = new Map(products.map((product) => [product.product_code, Number(product.id)]));
  let lineId = 0;
  await insertAll(
    db,
    'subscription_products',
    DEMO_BILLING_SUBSCRIPTIONS.flatMap((subscription) =>
      Object.entries(subscription.products).map(([code, quantity]) => {
        const id = productId.get(code);
        if (id === undefined) throw new Error(`demo subscription ${subscription.name} names unknown product ${code}`);
        return { id: ++lineId, subscription_id: subscription.id, product_id: id, quantity, order_line_item_id: null };
      }),
    ),
  );
  await storeSubscriptionFigures(db);
  await insertAll(
    db,
    'invoices',
    DEMO_INVOICES.map((invoice, index) => invoiceRow(invoice, index, today)),
  );
  await insertAll(db, 'invoice_files', await invoiceFileRows(db, today));
  await insertAll(
    db,
    'metrics_account_managers',
    DEMO_ACCOUNT_MANAGERS.map(({ id, name }) => ({ id, name })),
  );
  await insertAll(db, 'metrics_periods', metricsRows(today));
}
