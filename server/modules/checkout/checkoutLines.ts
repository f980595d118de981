import type { Knex } from 'knex';
import { priceLine, type PricedLine } from '../../../shared/pricing/lines';
import type { FinanceLine } from '../../../shared/pricing/finance';
import {
  offeredInCountry,
  shippingCost,
  SHIPPING_ADDRESS_REQUIRED,
  type ShippingLine,
  type ShippingRule,
} from '../../../shared/pricing/shipping';
import { isBlank } from '../../../shared/text/blank';
import { decodeRow } from '../../db/codec';
import { DomainError, incompleteField } from '../../domain/errors';
import type { BasketLineItem, Product } from '../../generated/types';

/** A stored basket line: its own fields (references as ids), none of what an answer adds. */
export type BasketLineRecord = Pick<
  BasketLineItem,
  | 'id'
  | 'product'
  | 'quantity'
  | 'selected_rate_plan'
  | 'maintenance_product'
  | 'prov_product'
  | 'prov_organisation'
  | 'prov_group'
  | 'prov_site'
  | 'discount'
  | 'markup'
  | 'dropbox_team_name'
  | 'dropbox_admin_email'
  | 'acronis_tenant_name'
  | 'acronis_admin_email'
  | 'zoom_order_type'
  | 'zoom_deal_registration_id'
  | 'zoom_deal_registration_approval_id'
  | 'zoom_end_user_company'
  | 'zoom_end_user_name'
  | 'zoom_end_user_email'
  | 'sbc_name'
  | 'nuvias_name'
  | 'stac_teams_name'
  | 'stac_zoom_phone_name'
>;
import { entities } from '../../generated/entities';
import type { CatalogueReads } from '../catalogue/catalogueInTransaction';
import { allShippingTypes } from '../shipping/handlers';
import { keptInTransaction } from '../../db/transactionGenerations';
import type { Records } from '../../writes/records';

/** The organisation a basket belongs to, with what checkout needs of it. */
export interface Buyer {
  id: number;
  name: string;
  currency: 'GBP' | 'EUR';
  assigned_price_list_id: number | null;
  finance_type: 'AGENT' | 'RESELLER' | null;
  po_number_required: boolean;
  force_po_uniqueness: boolean;
  orders_require_manual_auth: boolean;
  order_manual_auth_limit: string | null;
  /** 001 §5, §8: a quote to an organisation on credit hold cannot be accepted. */
  on_credit_hold: boolean;
}

export async function buyerOf(db: Knex, organisationId: number): Promise<Buyer> {
  return buyerFromRow((await db('organisations').where('id', organisationId).first()) as Record<string, unknown>);
}

/**
 * buyerOf in a writing transaction: kept per process under the `access` data version (an
 * organisation's writes bump it), read inside the transaction (server/db/transactionGenerations.ts).
 */
export function buyerInTransaction(records: Records, organisationId: number): Promise<Buyer> {
  return keptInTransaction(records, 'access', `buyer:${organisationId}`, MAX_BUYERS, () => buyerOf(records.db, organisationId));
}

/** The most buyers a process keeps per `access` version. */
const MAX_BUYERS = 10_000;

/** The buyer's facts from its organisation's stored row (a caller that needs more of the row reads it once). */
export function buyerFromRow(row: Record<string, unknown>): Buyer {
  const fields = decodeRow<Omit<Buyer, 'assigned_price_list_id'>>('organisation', row, [
    'id',
    'name',
    'currency',
    'finance_type',
    'po_number_required',
    'force_po_uniqueness',
    'orders_require_manual_auth',
    'order_manual_auth_limit',
    'on_credit_hold',
  ]);
  const assigned = row['assigned_price_list_id'];
  return { ...fields, assigned_price_list_id: assigned === null || assigned === undefined ? null : Number(assigned) };
}

/** A basket line with its product as the buyer's price list shows it, priced by the shared rules. */
export interface LoadedLine {
  row: BasketLineRecord;
  product: Product;
  priced: PricedLine;
}

/**
 * The basket's lines priced now, from the organisation's price list (the prices of this moment,
 * as the transaction's catalogue version has them: whatever the basket or the client said before
 * is not used). One query for the lines unless given, and the catalogue's when not cached.
 */
export async function loadLines(
  db: Knex,
  basketId: number,
  buyer: Buyer,
  catalogue: CatalogueReads,
  storedRows?: Record<string, unknown>[],
): Promise<LoadedLine[]> {
  const rows = storedRows
    ? [...storedRows].sort((a, b) => Number(a['id']) - Number(b['id']))
    : ((await db('basket_line_items').where('basket_id', basketId).orderBy('id')) as Record<string, unknown>[]);
  const lines = rows.map((row) => decodeRow<BasketLineRecord>('basket_line_item', row, Object.keys(entities.basket_line_item.fields)));
  if (lines.length === 0) return [];
  const list = await catalogue.priceList({ assigned_price_list_id: buyer.assigned_price_list_id, currency: buyer.currency });
  const products = await catalogue.products(
    list,
    lines.map((line) => line.product),
  );
  return lines.map((row) => {
    const product = products.get(row.product)!;
    const priced = priceLine(product, {
      quantity: row.quantity,
      ratePlanId: row.selected_rate_plan,
      maintenanceId: row.maintenance_product,
      provisioningId: row.prov_product,
      discount: row.discount,
      markup: row.markup,
    });
    return { row, product, priced };
  });
}

export const shippingLineOf = ({ row, product }: LoadedLine): ShippingLine => ({
  quantity: row.quantity,
  ship_cost: product.ship_cost,
  weight: product.weight,
  weight_unit: product.weight_unit,
  is_shippable: product.is_shippable,
});

export const financeLineOf = ({ row, product, priced }: LoadedLine): FinanceLine => ({
  net: priced.net.toFixed(2),
  quantity: row.quantity,
  markup: row.markup,
  rrp: product.rrp,
  is_financeable: product.is_financeable,
  is_shippable: product.is_shippable,
});

/** Every shipping type as the shared shipping rules read it. */
export async function shippingRules(db: Knex): Promise<ShippingRule[]> {
  return allShippingTypes(db);
}

/** The address and method of an order that ships: a basket's, or a quote's. */
export type ShippingChoice = { readonly [field in (typeof SHIPPING_ADDRESS_REQUIRED)[number]]?: unknown } & {
  readonly shipping_type: number | null;
  readonly shipping_country_code: string | null;
};

/**
 * The shipping cost of an order whose lines ship (000 §5 shipping step; 001 §2 a quote's "shipping
 * complete"): its mandatory address fields and a shipping method offered for its country that can
 * price the lines, else 422 checkout_complete_required_fields naming the field, or no_shipping.
 * The checkout and the quotes share it, so both refuse the same order the same way; `rules` reads
 * the shipping types (the checkout's from its catalogue cache, catalogueInTransaction.ts).
 */
export async function requireShippingCost(
  rules: () => Promise<readonly ShippingRule[]>,
  order: ShippingChoice,
  lines: readonly ShippingLine[],
  what: 'basket' | 'quote',
): Promise<string> {
  for (const field of SHIPPING_ADDRESS_REQUIRED) {
    if (isBlank(order[field])) throw incompleteField(field, `${field} is required for a ${what} that ships`);
  }
  const typeId = order.shipping_type;
  if (typeId === null) throw incompleteField('shipping_type', 'choose a shipping method');
  const rule = (await rules()).find((candidate) => candidate.id === typeId);
  const cost = rule && offeredInCountry(rule, order.shipping_country_code) ? shippingCost(rule, lines) : null;
  if (cost === null)
    throw new DomainError('unprocessable', 'no_shipping', {
      field: 'shipping_type',
      detail: `this shipping method is not offered for the address or the ${what}`,
    });
  return cost;
}
