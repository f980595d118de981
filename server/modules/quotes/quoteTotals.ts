import { recordNotFound } from '../../domain/errors';
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { isShippable, offeredInCountry, shippingCost, type ShippingLine } from '../../../shared/pricing/shipping';
import { decodeRow } from '../../db/codec';
import { entities } from '../../generated/entities';
import type { Records } from '../../writes/records';
import { buyerOf, shippingRules } from '../checkout/checkoutLines';
import { largestDiscount, linesTotal, recipientProducts, storedQuoteLines, type QuoteProduct, type StoredQuoteLine } from './quoteLines';

type Row = Record<string, unknown>;

/** Every stored field of a quote, decoded (references as ids). */
export type QuoteRecord = Row & {
  id: number;
  name: string;
  organisation_from: number;
  organisation_to: number;
  quote_status: 'ACCEPTED' | 'DECLINED' | 'DRAFT' | 'EXPIRED' | 'PUBLISHED' | 'VOIDED';
  total: string;
  currency: 'GBP' | 'EUR';
  expiry_date: string | null;
  purchase_order_number: string | null;
  requires_approval: boolean;
  approved_discount: string | null;
  shipping_type: number | null;
  shipping_country_code: string | null;
  payment_type: 'ON_ACCOUNT' | 'FINANCE';
  supplier_ref: string | null;
};

export const ADDRESS_FIELDS = [
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
] as const;
export const FINANCE_FIELDS = [
  'finance_target',
  'finance_title',
  'finance_first_name',
  'finance_last_name',
  'finance_email_address',
  'finance_contact_number',
  'finance_term_length',
] as const;

export async function quoteRecord(db: Knex, id: number): Promise<QuoteRecord> {
  const row = (await db('quotes').where('id', id).first()) as Row | undefined;
  if (!row) throw recordNotFound();
  return quoteFromRow(row);
}

/** A quote's stored row, decoded. */
export const quoteFromRow = (row: Row): QuoteRecord => decodeRow<QuoteRecord>('quote', row, Object.keys(entities.quote.fields));

/** How each stored line ships, with its product as the recipient's webstore shows it (a line it no longer shows ships nothing). */
export async function shippingLines(db: Knex, recipientId: number, lines: readonly StoredQuoteLine[]): Promise<ShippingLine[]> {
  return shippingLinesOf(
    lines,
    await recipientProducts(
      db,
      await buyerOf(db, recipientId),
      lines.map((line) => line.product),
    ),
  );
}

/** The same, with the recipient's products already read. */
export function shippingLinesOf(lines: readonly StoredQuoteLine[], products: ReadonlyMap<number, QuoteProduct>): ShippingLine[] {
  return lines.map((line) => {
    const product = products.get(line.product);
    return {
      quantity: product ? line.quantity : 0,
      ship_cost: product?.ship_cost ?? null,
      weight: product?.weight ?? null,
      weight_unit: product?.weight_unit ?? null,
      is_shippable: product?.is_shippable ?? false,
    };
  });
}

/**
 * 001 §4 "Approval" (docs/quotes.md): a quote needs approval when a line's discount is above the
 * sending organisation's quote_approval_discount, unless an approver already agreed to a discount
 * at least as large.
 */
export async function needsApproval(
  db: Knex,
  quote: Pick<QuoteRecord, 'organisation_from' | 'approved_discount'>,
  lines: readonly StoredQuoteLine[],
): Promise<boolean> {
  const row = (await db('organisations').where('id', quote.organisation_from).first('quote_approval_discount')) as Row | undefined;
  const threshold = decodeRow<{ quote_approval_discount: string | null }>('organisation', row ?? {}, [
    'quote_approval_discount',
  ]).quote_approval_discount;
  if (threshold === null || threshold === undefined) return false;
  const largest = largestDiscount(lines);
  return largest.gt(threshold) && (quote.approved_discount === null || largest.gt(new Decimal(quote.approved_discount)));
}

/**
 * What follows from a saved quote's lines (001 §4): its total, the shipping (address, method and
 * cost nulled when nothing ships, the cost the server's own when something does), no finance
 * details when paid on account, and whether it needs approval.
 */
export async function refreshQuote(records: Records, id: number): Promise<void> {
  const { db } = records;
  const quote = await quoteRecord(db, id);
  const lines = await storedQuoteLines(db, id);
  const shipLines = await shippingLines(db, quote.organisation_to, lines);
  const values: Row = { total: linesTotal(lines), requires_approval: await needsApproval(db, quote, lines) };
  if (!isShippable(shipLines)) {
    Object.assign(values, Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, null])), {
      shipping_type: null,
      ship_cost: null,
      part_ship: false,
    });
  } else if (quote.shipping_type !== null) {
    const rule = (await shippingRules(db)).find((candidate) => candidate.id === quote.shipping_type);
    values['ship_cost'] = rule && offeredInCountry(rule, quote.shipping_country_code) ? shippingCost(rule, shipLines) : null;
  } else {
    values['ship_cost'] = null;
  }
  if (quote.payment_type === 'ON_ACCOUNT') Object.assign(values, Object.fromEntries(FINANCE_FIELDS.map((field) => [field, null])));
  await records.update('quote', id, values);
}
