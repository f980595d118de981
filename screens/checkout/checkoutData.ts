import Decimal from 'decimal.js';
import type { components } from '../../runtime/generated/api';
import { api, fetchList, fetchTaggedRecord, unwrap } from '../../runtime/api/client';
import { priceLine, type PricedLine } from '../../shared/pricing/lines';
import { isShippable, shippingOptions, type ShippingLine, type ShippingOption } from '../../shared/pricing/shipping';
import type { FinanceLine } from '../../shared/pricing/finance';
import { DETAIL_FIELDS, lineDetailProblems, type DetailProblem } from '../../shared/baskets/lineDetails';

type Schemas = components['schemas'];
export type Basket = Schemas['Basket'];
export type BasketLine = Schemas['BasketLineItem'];
export type Product = Schemas['Product'];
export type ShippingType = Schemas['ShippingType'];
export type Country = Schemas['Country'];
export type Address = Schemas['Address'];
export type CheckoutInput = Schemas['CheckoutInput'];
export type CheckoutLine = Schemas['CheckoutLineInput'];

/** What the wizard reads once: the basket, its lines and products, the shipping and address choices. */
export interface CheckoutData {
  basket: Basket;
  etag: string | null;
  lines: BasketLine[];
  products: Map<number, Product>;
  shippingTypes: ShippingType[];
  countries: Country[];
  addresses: Address[];
  /** The organisation's existing Dropbox teams, lower-cased (000 §5 team_name_exists as typed). */
  teamNames: ReadonlySet<string>;
}

/** The basket fields the wizard edits, as POST /baskets/{id}/checkout takes them. */
export type Draft = Pick<Required<CheckoutInput>, (typeof DRAFT_FIELDS)[number]> & { shipping_type: number | null; lines: CheckoutLine[] };

const DRAFT_FIELDS = [
  'purchase_order_number',
  'end_user',
  'end_user_email',
  'provisioning_instructions',
  'ship_instructions',
  'part_ship',
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
  'payment_type',
  'finance_target',
  'finance_title',
  'finance_first_name',
  'finance_last_name',
  'finance_email_address',
  'finance_contact_number',
  'finance_term_length',
  'finance_company_number',
  'finance_company_name',
  'finance_reg_company_name',
  'finance_reg_addr_line_1',
  'finance_reg_addr_line_2',
  'finance_reg_city',
  'finance_reg_region',
  'finance_reg_postal_code',
  'finance_reg_country_code',
] as const;

const LINE_FIELDS = ['quantity', 'markup', ...DETAIL_FIELDS] satisfies readonly (keyof CheckoutLine)[];

export function draftOf(data: CheckoutData): Draft {
  const basket = data.basket as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(DRAFT_FIELDS.map((field) => [field, basket[field] ?? null])) as Omit<Draft, 'shipping_type' | 'lines'>;
  return {
    ...fields,
    part_ship: data.basket.part_ship,
    payment_type: data.basket.payment_type,
    finance_term_length: data.basket.finance_term_length ?? 60,
    shipping_type: data.basket.shipping_type?.id ?? null,
    lines: data.lines.map(
      (line) => ({ id: line.id, ...Object.fromEntries(LINE_FIELDS.map((field) => [field, line[field]])) }) as CheckoutLine,
    ),
  };
}

/**
 * The body the server takes. The lines go with it only for a user who may edit the basket
 * (order:modify_draft, 000 §6); for anyone else they are read-only, and the server keeps them as
 * stored (it refuses a changed one: 403 basket_lines_read_only).
 */
export function inputOf(draft: Draft, linesEditable: boolean): CheckoutInput {
  const { lines, ...fields } = draft;
  return linesEditable ? { ...fields, line_items: lines } : fields;
}

export async function loadCheckout(basketId: number, signal: AbortSignal): Promise<CheckoutData> {
  const { record: basket, etag } = await fetchTaggedRecord<Basket>(`/baskets/${basketId}`, signal);
  const [lines, types, countries, addresses, teams] = await Promise.all([
    unwrap(api.GET('/baskets/{id}/line_items', { params: { path: { id: basketId } }, signal })),
    fetchList<ShippingType>('/shipping_types', {}, signal),
    fetchList<Country>('/country_codes', {}, signal),
    // The basket organisation's saved addresses, visible with the basket (docs/buying.md "Baskets").
    unwrap(api.GET('/baskets/{id}/addresses', { params: { path: { id: basketId } }, signal })),
    // Only to show a team clash as typed: without it the server still refuses the clash.
    unwrap(api.GET('/basket_team_names', { signal })).catch(() => ({ names: [] as string[] })),
  ]);
  const ids = [...new Set(lines.map((line) => line.product))];
  const products = await Promise.all(ids.map((id) => unwrap(api.GET('/products/{id}', { params: { path: { id }, query: {} }, signal }))));
  return {
    basket,
    etag,
    lines,
    products: new Map(products.map((product) => [product.id, product as Product])),
    shippingTypes: types.rows,
    countries: countries.rows,
    addresses,
    teamNames: new Set(teams.names),
  };
}

export interface PricedRow {
  line: CheckoutLine;
  stored: BasketLine;
  product: Product;
  priced: PricedLine;
}

/** The draft's lines priced by the shared rules, as the server will price them. */
export function pricedRows(data: CheckoutData, draft: Draft): PricedRow[] {
  return draft.lines.flatMap((line) => {
    const stored = data.lines.find((candidate) => candidate.id === line.id)!;
    const product = data.products.get(stored.product);
    if (!product || (line.quantity ?? stored.quantity) <= 0) return [];
    const priced = priceLine(product, {
      quantity: line.quantity ?? stored.quantity,
      ratePlanId: stored.selected_rate_plan,
      maintenanceId: stored.maintenance_product,
      provisioningId: stored.prov_product,
      discount: stored.discount,
      // The margin the Payment tab edits (000 §2.9, financing for a customer).
      markup: line.markup !== undefined ? line.markup : stored.markup,
    });
    return [{ line, stored, product, priced }];
  });
}

export const shippingLines = (rows: PricedRow[]): ShippingLine[] =>
  rows.map(({ priced, product }) => ({
    quantity: priced.quantity,
    ship_cost: product.ship_cost,
    weight: product.weight,
    weight_unit: product.weight_unit,
    is_shippable: product.is_shippable,
  }));

export const financeLines = (rows: PricedRow[]): FinanceLine[] =>
  rows.map(({ priced, product }) => ({
    net: priced.net.toFixed(2),
    quantity: priced.quantity,
    markup: priced.markupPercent?.toString() ?? null,
    rrp: product.rrp,
    is_financeable: product.is_financeable,
    is_shippable: product.is_shippable,
  }));

export function basketShippable(rows: PricedRow[]): boolean {
  return isShippable(shippingLines(rows));
}

export function optionsFor(data: CheckoutData, draft: Draft, rows: PricedRow[]): ShippingOption[] {
  return shippingOptions(data.shippingTypes, draft.shipping_country_code, shippingLines(rows));
}

/**
 * Each kept line's first line-detail problem as typed (shared/baskets, the basket page's rules),
 * keyed by line id: what the Details tab shows by the field and what holds its Next back.
 */
export function detailProblemsOf(data: CheckoutData, draft: Draft): Map<number, DetailProblem> {
  return lineDetailProblems(
    draft.lines.map((line) => {
      const stored = data.lines.find((candidate) => candidate.id === line.id);
      const type = stored ? (data.products.get(stored.product)?.subscription_type ?? null) : null;
      return { key: line.id, type, details: line, kept: (line.quantity ?? stored?.quantity ?? 0) > 0 };
    }),
    data.teamNames,
  );
}

export function subtotalOf(rows: PricedRow[]): Decimal {
  return rows.reduce((sum, row) => sum.plus(row.priced.net), new Decimal(0));
}
