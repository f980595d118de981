import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { priceLine, type PricedLine } from '../../../shared/pricing';
import { initialQuantity } from '../../../shared/pricing/quantity';
import { defaultRatePlan } from '../../../shared/pricing/ratePlans';
import { decodeRow } from '../../db/codec';
import { DomainError } from '../../domain/errors';
import { entities } from '../../generated/entities';
import type { Product, QuoteInput } from '../../generated/types';
import type { SessionUser } from '../auth/sessionUser';
import { buyableProducts, isBuyable } from '../baskets/basketProducts';
import { checkProvisioningTarget, choiceOf, lineError, productFor } from '../baskets/basketLines';
import {
  DETAIL_FIELDS,
  detailProblem,
  existingTeamNames,
  normaliseDetails,
  teamNameClash,
  type SubscriptionType,
} from '../baskets/lineDetails';
import { buyerOf, type Buyer } from '../checkout/checkoutLines';
import { catalogueInTransaction } from '../catalogue/catalogueInTransaction';
import { priceListOf } from '../catalogue/priceLists';
import type { Records } from '../../writes/records';

type Row = Record<string, unknown>;
export type QuoteLineInput = NonNullable<QuoteInput['line_items']>[number];

/** The most lines one quote may carry, as a basket (a quote is an offer, not a catalogue). */
export const MAX_QUOTE_LINES = 200;

/** A product as a quote line needs it: the recipient's view of it plus the quote-only flags (001 §3 Product). */
export interface QuoteProduct extends Product {
  discountable: boolean;
  quantity_type: 'SEAT' | null;
}

/** A stored quote line, decoded (references as ids). */
export type StoredQuoteLine = Row & {
  id: number;
  product: number;
  name: string;
  quantity: number;
  price: string | null;
  sub_total_for_item: string | null;
  discount: string;
  selected_rate_plan: number | null;
  maintenance_product: number | null;
  prov_product: number | null;
  markup: string | null;
};

export const QUOTE_LINE_FIELDS = Object.keys(entities.quote_line_item.fields).filter((name) => name !== 'quote');

/** The products the webstore shows the recipient (its price list and currency), with their quote flags; others are missing. */
export async function recipientProducts(db: Knex, recipient: Buyer, ids: readonly number[]): Promise<Map<number, QuoteProduct>> {
  const list = await priceListOf(db, { assigned_price_list_id: recipient.assigned_price_list_id, currency: recipient.currency });
  return withQuoteFlags(db, await buyableProducts(db, list, ids));
}

/**
 * recipientProducts in a writing transaction (a quote's acceptance): the recipient's views of the
 * products from the catalogue cached by the data version the transaction read, as checkout
 * prices from it, kept to those the webstore shows (buyableProducts' rule).
 */
export async function recipientProductsIn(records: Records, recipient: Buyer, ids: readonly number[]): Promise<Map<number, QuoteProduct>> {
  const catalogue = await catalogueInTransaction(records);
  const list = await catalogue.priceList(recipient);
  const products = await catalogue.products(list, ids);
  const shown = [...products].filter(([, product]) => isBuyable(product));
  return withQuoteFlags(records.db, new Map(shown));
}

/** The products with the flags only a quote line needs (a product's view does not carry them). */
async function withQuoteFlags(db: Knex, products: ReadonlyMap<number, Product>): Promise<Map<number, QuoteProduct>> {
  if (products.size === 0) return new Map();
  const flags = (await db('products')
    .whereIn('id', [...products.keys()])
    .select('id', 'discountable', 'quantity_type')) as Row[];
  const byId = new Map(flags.map((row) => [Number(row['id']), row]));
  return new Map(
    [...products.values()].map((product) => {
      const row = byId.get(product.id);
      return [
        product.id,
        {
          ...product,
          discountable: Boolean(row?.['discountable'] ?? true),
          quantity_type: (row?.['quantity_type'] ?? null) as 'SEAT' | null,
        },
      ];
    }),
  );
}

export interface PricedQuoteLine {
  values: Row;
  product: QuoteProduct;
  priced: PricedLine;
}

const isZoomBase = (product: QuoteProduct) => product.subscription_type === 'ZOOM' && product.subscription_product_type === 'BASE';

/**
 * Checks and prices the lines a quote save sends (001 §3–§5, 000 §5): the products the recipient's
 * webstore shows, the quantity with its rate-plan rules (default the plan's minimum or 1),
 * a SEAT product capped by the quote's base Zoom quantity, a whole discount only where the
 * product is discountable, the options offered, the provisioning target and the per-kind details
 * as a basket line's. Zero-quantity lines are dropped (001 §4). The prices are the server's own.
 */
export async function priceQuoteLines(
  db: Knex,
  user: SessionUser,
  recipient: Buyer,
  lines: readonly QuoteLineInput[],
): Promise<PricedQuoteLine[]> {
  if (lines.length > MAX_QUOTE_LINES)
    throw new DomainError('invalid', 'invalid_body', { field: 'line_items', detail: `at most ${MAX_QUOTE_LINES} lines` });
  const products = await recipientProducts(
    db,
    recipient,
    lines.map((line) => line.product),
  );
  const kept = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.quantity !== 0);
  const result: (PricedQuoteLine & { index: number })[] = [];
  for (const { line, index } of kept) {
    const prefix = `line_items/${index}/`;
    const product = productFor(products, line.product, prefix) as QuoteProduct;
    const discount = line.discount ?? 0;
    if (discount > 0 && !product.discountable)
      throw new DomainError('unprocessable', 'product_not_discountable', { field: `${prefix}discount` });
    const plan = product.rate_plans.find((candidate) => candidate.id === line.selected_rate_plan) ?? defaultRatePlan(product.rate_plans);
    const quantity = line.quantity ?? initialQuantity(plan ?? null);
    const choice = { ...line, quantity, discount: String(discount) };
    const priced = priceLine(product, choiceOf(choice));
    const [problem] = priced.problems;
    if (problem) throw lineError(problem, prefix);
    const detail = detailProblem(product.subscription_type as SubscriptionType | null, line);
    if (detail) throw new DomainError('unprocessable', detail.code, { field: `${prefix}${detail.field}` });
    await checkProvisioningTarget(db, user, choice, prefix);
    const details = normaliseDetails(Object.fromEntries(DETAIL_FIELDS.map((field) => [field, line[field] ?? null])));
    result.push({
      index,
      product,
      priced,
      values: {
        product: product.id,
        name: product.name,
        quantity,
        discount: String(discount),
        selected_rate_plan: priced.plan?.id ?? null,
        maintenance_product: line.maintenance_product ?? null,
        prov_product: line.prov_product ?? null,
        prov_organisation: line.prov_organisation ?? null,
        prov_group: line.prov_group ?? null,
        prov_site: line.prov_site ?? null,
        price: priced.unitPrice === null ? null : priced.unitPrice.toFixed(4),
        sub_total_for_item: priced.net.toFixed(2),
        ...details,
      },
    });
  }
  // 001 §5: seat-based products are capped by the base Zoom product's quantity.
  const baseSeats = result.filter((line) => isZoomBase(line.product)).reduce((sum, line) => sum + Number(line.values['quantity']), 0);
  if (baseSeats > 0) {
    const over = result.find(
      (line) => line.product.quantity_type === 'SEAT' && !isZoomBase(line.product) && Number(line.values['quantity']) > baseSeats,
    );
    if (over)
      throw new DomainError('unprocessable', 'max_quantity', {
        field: `line_items/${over.index}/quantity`,
        detail: JSON.stringify({ max: baseSeats }),
      });
  }
  const clash = teamNameClash(
    result.map((line) =>
      line.product.subscription_type === 'DROPBOX' ? ((line.values['dropbox_team_name'] as string | null) ?? null) : null,
    ),
    await existingTeamNames(db, recipient.id),
  );
  if (clash) throw new DomainError('conflict', clash.code, { field: `line_items/${result[clash.index]?.index ?? 0}/dropbox_team_name` });
  return result;
}

/** The quote's stored lines in id order. */
export async function storedQuoteLines(db: Knex, quoteId: number): Promise<StoredQuoteLine[]> {
  return decodedQuoteLines((await quoteLinesRead(db, quoteId)) as Row[]);
}

/** The read of a quote's stored lines in id order (decodedQuoteLines makes them lines), to go with other reads. */
export const quoteLinesRead = (db: Knex, quoteId: number): Knex.QueryBuilder =>
  db('quote_line_items').where('quote_id', quoteId).orderBy('id');

export const decodedQuoteLines = (rows: readonly Row[]): StoredQuoteLine[] =>
  rows.map((row) => ({ ...decodeRow<StoredQuoteLine>('quote_line_item', row, QUOTE_LINE_FIELDS), id: Number(row['id']) }));

/** The sum of the lines' subtotals: a quote's total (goods excluding tax and shipping, as an order's). */
export function linesTotal(lines: readonly { sub_total_for_item: unknown }[]): string {
  return lines.reduce((sum, line) => sum.plus(new Decimal(String(line.sub_total_for_item ?? '0'))), new Decimal(0)).toFixed(2);
}

/** The largest discount on any line (0 without lines). */
export function largestDiscount(lines: readonly { discount: unknown }[]): Decimal {
  return lines.reduce((max, line) => Decimal.max(max, new Decimal(String(line.discount ?? '0'))), new Decimal(0));
}

/**
 * A DRAFT's stored lines priced again now (001 §4: a draft follows current prices): each line's
 * price and subtotal as today's list gives them, a line whose product the recipient can no longer
 * buy, or that no longer prices as chosen, counting nothing. `problems` names those lines.
 */
export async function repricedLines(
  db: Knex,
  recipientId: number,
  quoteId: number,
): Promise<{ lines: StoredQuoteLine[]; total: string; invalid: number[] }> {
  const stored = await storedQuoteLines(db, quoteId);
  const recipient = await buyerOf(db, recipientId);
  const products = await recipientProducts(
    db,
    recipient,
    stored.map((line) => line.product),
  );
  const invalid: number[] = [];
  const lines = stored.map((line) => {
    const product = products.get(line.product);
    const priced = product ? priceLine(product, choiceOf({ ...line, discount: line.discount })) : null;
    if (!priced || priced.problems.length > 0) {
      invalid.push(line.id);
      return { ...line, price: null, sub_total_for_item: '0.00' };
    }
    return { ...line, price: priced.unitPrice === null ? null : priced.unitPrice.toFixed(4), sub_total_for_item: priced.net.toFixed(2) };
  });
  return { lines, total: linesTotal(lines), invalid };
}
