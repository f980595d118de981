import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { basketTotals, priceLine, toMoneyString, type LineChoice, type LineProblem, type PricedLine } from '../../../shared/pricing';
import { DomainError, outsideScope } from '../../domain/errors';
import type { ProblemCode } from '../../generated/problems';
import type { BasketLineItem, Product } from '../../generated/types';
import type { Records } from '../../writes/records';
import { decodeRow } from '../../db/codec';
import { fromScaled, toScaled } from '../../db/scaled';
import { entities } from '../../generated/entities';
import type { SessionUser } from '../auth/sessionUser';
import { priceListForRecipient, type PriceListChoice } from '../catalogue/priceLists';
import { basketPriceList, buyableProducts } from './basketProducts';

type Row = Record<string, unknown>;

/** The stored columns of a line (BasketLineItem's computed fields are not among them). */
export const LINE_FIELDS = Object.keys(entities.basket_line_item.fields).filter((name) => name !== 'basket');
export type StoredLine = Omit<BasketLineItem, 'name' | 'product_code' | 'subscription_type' | 'price' | 'sub_total_for_item'>;

/** The message key a shared pricing problem answers with (problem.<code>). */
const PROBLEM_CODES: Record<LineProblem['code'], ProblemCode> = {
  quantity_below_one: 'quantity_below_one',
  min_quantity_tooltip: 'min_quantity',
  max_quantity_tooltip: 'max_quantity',
  quantity_locked: 'quantity_locked',
  no_price: 'no_price',
  unknown_value: 'option_not_offered',
  maintenance_required: 'maintenance_required',
  min_margin_tooltip: 'min_margin',
  max_margin_tooltip: 'max_margin',
  discount_out_of_range: 'invalid_body',
};

export function problemCodeOf(problem: LineProblem): ProblemCode {
  return PROBLEM_CODES[problem.code];
}

/** A line's first pricing problem as the 422 (400 for a discount, which the body cannot set) it answers. */
export function lineError(problem: LineProblem, prefix = ''): DomainError {
  const code = problemCodeOf(problem);
  return new DomainError(code === 'invalid_body' ? 'invalid' : 'unprocessable', code, {
    field: `${prefix}${problem.field}`,
    detail: JSON.stringify(problem.values),
  });
}

export interface LineOptions {
  product: number;
  quantity: number;
  selected_rate_plan?: number | null;
  maintenance_product?: number | null;
  prov_product?: number | null;
  prov_organisation?: number | null;
  prov_group?: number | null;
  prov_site?: number | null;
}

export function choiceOf(line: LineOptions & { discount?: string | null; markup?: string | null }): LineChoice {
  return {
    quantity: line.quantity,
    ratePlanId: line.selected_rate_plan ?? null,
    maintenanceId: line.maintenance_product ?? null,
    provisioningId: line.prov_product ?? null,
    discount: line.discount ?? null,
    markup: line.markup ?? null,
  };
}

/**
 * The provisioning target (000 §6: DOVETAIL organisation, group and site) must be the caller's to
 * name: an organisation of their tree, and only with the DOVETAIL module.
 */
export async function checkProvisioningTarget(db: Knex, user: SessionUser, line: LineOptions, prefix = ''): Promise<void> {
  const dovetail = [line.prov_organisation, line.prov_group, line.prov_site].some((value) => value !== null && value !== undefined);
  if (!dovetail) return;
  if (!user.modules.includes('DOVETAIL')) {
    const field = line.prov_organisation != null ? 'prov_organisation' : line.prov_group != null ? 'prov_group' : 'prov_site';
    throw new DomainError('unprocessable', 'field_not_applicable', { field: `${prefix}${field}` });
  }
  if (line.prov_organisation != null) {
    const inTree = await db('organisations')
      .where('id', line.prov_organisation)
      .where('tree_path', 'like', `${user.organisation.tree_path}%`)
      .first('id');
    if (!inTree) throw outsideScope(`${prefix}prov_organisation`);
  }
  // A Dovetail group or site must be one of the caller's tree (GET /groups and /sites offer no others).
  for (const [field, table] of [
    ['prov_group', 'dovetail_groups'],
    ['prov_site', 'dovetail_sites'],
  ] as const) {
    const id = line[field];
    if (id === null || id === undefined) continue;
    const found = await db(`${table} as d`)
      .join('organisations as o', 'o.id', 'd.organisation_id')
      .where('d.id', id)
      .where('o.tree_path', 'like', `${user.organisation.tree_path}%`)
      .first('d.id');
    if (!found) throw outsideScope(`${prefix}${field}`);
  }
}

/** The product a line names, if the caller's organisation may buy it; else 422 product_unavailable. */
export function productFor(products: Map<number, Product>, id: number, prefix = ''): Product {
  const product = products.get(id);
  if (!product) throw new DomainError('unprocessable', 'product_unavailable', { field: `${prefix}product` });
  return product;
}

/** The basket's stored lines in id order. */
export async function storedLines(db: Knex, basketId: number): Promise<StoredLine[]> {
  const rows = (await db('basket_line_items').where('basket_id', basketId).orderBy('id')) as Row[];
  return rows.map((row) => decodeRow<StoredLine>('basket_line_item', row, LINE_FIELDS));
}

export interface PricedBasket {
  lines: { stored: StoredLine; product: Product | undefined; priced: PricedLine | null }[];
  subtotal: Decimal;
}

/**
 * Every line priced now from the organisation's list (shared/pricing). A line whose product can
 * no longer be bought (hidden, withdrawn) keeps its place but counts for nothing.
 */
/**
 * The list of the basket's own organisation: root reads its customers' baskets (000 §2.8) at their
 * prices, not its own. Any other caller reaches only its own organisation's baskets.
 */
async function basketOrganisationPriceList(db: Knex, user: SessionUser, basketId: number): Promise<PriceListChoice> {
  const row = (await db('baskets').where('id', basketId).first('organisation_id')) as { organisation_id: number | null } | undefined;
  const organisation = row?.organisation_id == null ? null : Number(row.organisation_id);
  if (organisation === null || organisation === user.organisation.id) return basketPriceList(db, user);
  return (await priceListForRecipient(db, user, organisation)) ?? basketPriceList(db, user);
}

export async function priceBasket(db: Knex, user: SessionUser, basketId: number): Promise<PricedBasket> {
  const lines = await storedLines(db, basketId);
  const list = await basketOrganisationPriceList(db, user, basketId);
  const products = await buyableProducts(
    db,
    list,
    lines.map((line) => line.product),
  );
  const priced = lines.map((stored) => {
    const product = products.get(stored.product);
    return { stored, product, priced: product ? priceLine(product, choiceOf(stored)) : null };
  });
  const totals = basketTotals(priced.flatMap((line) => (line.priced ? [line.priced] : [])));
  return { lines: priced, subtotal: totals.subtotal };
}

/** The basket's total (goods excluding VAT and shipping, docs/buying.md) recomputed and written. */
export async function recomputeTotal(records: Records, user: SessionUser, basketId: number): Promise<PricedBasket> {
  const basket = await priceBasket(records.db, user, basketId);
  await records.update('basket', basketId, { total: toMoneyString(basket.subtotal) });
  return basket;
}

/** A line as the API shows it: stored fields plus its product's name and today's prices. */
export function lineView(
  line: PricedBasket['lines'][number],
  productName: { name: string; product_code: string; subscription_type: BasketLineItem['subscription_type'] },
): BasketLineItem {
  return {
    ...line.stored,
    ...productName,
    price: line.priced?.unitPrice ? fromScaled(toScaled(line.priced.unitPrice)) : null,
    sub_total_for_item: line.priced ? toMoneyString(line.priced.net) : '0.00',
  };
}

/** Names of the products lines refer to, visible or not (a withdrawn product still names its line). */
export async function productNames(
  db: Knex,
  ids: readonly number[],
): Promise<Map<number, { name: string; product_code: string; subscription_type: BasketLineItem['subscription_type'] }>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('products')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name', 'product_code', 'subscription_type')) as Row[];
  return new Map(
    rows.map((row) => [
      Number(row['id']),
      {
        name: String(row['name']),
        product_code: String(row['product_code']),
        subscription_type: (row['subscription_type'] ?? null) as BasketLineItem['subscription_type'],
      },
    ]),
  );
}

export async function basketLineViews(db: Knex, user: SessionUser, basketId: number): Promise<BasketLineItem[]> {
  const basket = await priceBasket(db, user, basketId);
  const names = await productNames(
    db,
    basket.lines.map((line) => line.stored.product),
  );
  return basket.lines.map((line) =>
    lineView(line, names.get(line.stored.product) ?? { name: '', product_code: '', subscription_type: null }),
  );
}
