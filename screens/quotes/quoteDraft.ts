import Decimal from 'decimal.js';
import type { components } from '../../runtime/generated/api';
import { defaultRatePlan, initialQuantity, priceLine, quantityProblem, type PricedLine, type QuantityProblem } from '../../shared/pricing';
import {
  isShippable,
  SHIPPING_ADDRESS_REQUIRED,
  shippingOptions,
  type ShippingLine,
  type ShippingOption,
} from '../../shared/pricing/shipping';
import { EDITABLE_DETAILS, lineDetailProblems, type DetailProblem, type EditableDetailField } from '../../shared/baskets/lineDetails';
import { emailValid } from '../checkout/completeness';

type Schemas = components['schemas'];
export type Quote = Schemas['Quote'];
export type QuoteLine = Schemas['QuoteLineItem'];
export type QuoteProduct = Schemas['QuoteProduct'];
export type QuoteInput = Schemas['QuoteInput'];
export type QuoteLineInput = Schemas['QuoteLineInput'];
export type ShippingType = Schemas['ShippingType'];

const ALL_DETAILS: EditableDetailField[] = [...new Set(Object.values(EDITABLE_DETAILS).flat())];
export const ZOOM_ORDER_FIELDS = EDITABLE_DETAILS.ZOOM;
export type ZoomOrder = Record<(typeof ZOOM_ORDER_FIELDS)[number], string>;

/**
 * One line of the editor (001 §3 Quote line item): the product and its options, a whole discount,
 * and the per-kind details as typed ('' when empty). `key` tells lines apart on screen: a stored
 * line's id, a negative number for one added since the last save (a save replaces every line).
 */
export interface DraftLine {
  key: number;
  product: number;
  quantity: number;
  discount: number;
  selected_rate_plan: number | null;
  maintenance_product: number | null;
  prov_product: number | null;
  prov_organisation: number | null;
  prov_group: number | null;
  prov_site: number | null;
  details: Record<EditableDetailField, string>;
}

/** The header fields a save sends (QuoteInput), as flat nullable values: the shipping tab's shape. */
export const HEADER_FIELDS = [
  'recipient_name',
  'recipient_email',
  'name',
  'purchase_order_number',
  'expiry_date',
  'finance_first_name',
  'finance_last_name',
  'finance_email_address',
  'finance_contact_number',
  'provisioning_instructions',
  'ship_instructions',
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
] as const;
type HeaderField = (typeof HEADER_FIELDS)[number];

export type QuoteDraft = Record<HeaderField, string | null> & {
  organisation_to: number | null;
  payment_type: 'ON_ACCOUNT' | 'FINANCE';
  finance_target: 'SELF' | 'CUSTOMER' | null;
  finance_title: QuoteInput['finance_title'];
  finance_term_length: QuoteInput['finance_term_length'];
  part_ship: boolean;
  shipping_type: number | null;
  lines: DraftLine[];
};

/** The address fields a quote that ships needs (001 §5 "shipping complete"). */
const ADDRESS_FIELDS = [
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
] as const;

/** A new quote's draft: nothing chosen yet, paid on account. */
export function emptyDraft(): QuoteDraft {
  return {
    ...(Object.fromEntries(HEADER_FIELDS.map((field) => [field, null])) as Record<HeaderField, null>),
    organisation_to: null,
    payment_type: 'ON_ACCOUNT',
    finance_target: null,
    finance_title: null,
    finance_term_length: null,
    part_ship: false,
    shipping_type: null,
    lines: [],
  };
}

const detailsOf = (line: Partial<Record<EditableDetailField, string | null>>) =>
  Object.fromEntries(ALL_DETAILS.map((field) => [field, line[field] ?? ''])) as Record<EditableDetailField, string>;

/** The draft of a stored quote and its lines. */
export function draftOf(quote: Quote, lines: readonly QuoteLine[]): QuoteDraft {
  const record = quote as unknown as Record<string, unknown>;
  return {
    ...(Object.fromEntries(HEADER_FIELDS.map((field) => [field, typeof record[field] === 'string' ? record[field] : null])) as Record<
      HeaderField,
      string | null
    >),
    organisation_to: quote.organisation_to?.id ?? null,
    payment_type: quote.payment_type,
    finance_target: quote.finance_target ?? null,
    finance_title: quote.finance_title ?? null,
    finance_term_length: quote.finance_term_length ?? null,
    part_ship: quote.part_ship,
    shipping_type: quote.shipping_type?.id ?? null,
    lines: lines.map((line) => ({
      key: line.id,
      product: line.product,
      quantity: line.quantity,
      discount: Math.round(Number(line.discount)),
      selected_rate_plan: line.selected_rate_plan,
      maintenance_product: line.maintenance_product,
      prov_product: line.prov_product,
      prov_organisation: line.prov_organisation,
      prov_group: line.prov_group,
      prov_site: line.prov_site,
      details: detailsOf(line),
    })),
  };
}

let nextKey = -1;

/** A new line of a product at its default plan's minimum quantity (001 §9), no discount. */
export function newLine(product: QuoteProduct): DraftLine {
  const plan = defaultRatePlan(product.rate_plans);
  nextKey -= 1;
  return {
    key: nextKey,
    product: product.id,
    quantity: initialQuantity(plan),
    discount: 0,
    selected_rate_plan: plan?.id ?? null,
    maintenance_product: null,
    prov_product: null,
    prov_organisation: null,
    prov_group: null,
    prov_site: null,
    details: detailsOf({}),
  };
}

/** A line priced as the server will price it (shared/pricing); null while its product is unknown. */
export function priceDraftLine(line: DraftLine, product: QuoteProduct | undefined): PricedLine | null {
  if (!product) return null;
  return priceLine(product, {
    quantity: line.quantity,
    ratePlanId: line.selected_rate_plan,
    maintenanceId: line.maintenance_product,
    provisioningId: line.prov_product,
    discount: String(line.discount),
  });
}

const isZoomBase = (product: QuoteProduct | undefined) =>
  product?.subscription_type === 'ZOOM' && product.subscription_product_type === 'BASE';

/** The seats of the quote's base Zoom lines: the cap of a SEAT product's quantity (001 §5); 0 without any. */
export function baseZoomSeats(draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>): number {
  return draft.lines
    .filter((line) => line.quantity > 0 && isZoomBase(products.get(line.product)))
    .reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * A line's quantity problem (001 §5): the rate plan's min and max, and a seat-based product capped
 * by the base Zoom quantity. A line set to 0 is removed on save: no problem.
 */
export function lineQuantityProblem(line: DraftLine, product: QuoteProduct | undefined, seats: number): QuantityProblem | null {
  if (line.quantity === 0 || !product) return null;
  const plan = product.rate_plans.find((candidate) => candidate.id === line.selected_rate_plan) ?? defaultRatePlan(product.rate_plans);
  const problem = quantityProblem(line.quantity, plan);
  if (problem) return problem;
  if (product.quantity_type === 'SEAT' && !isZoomBase(product) && seats > 0 && line.quantity > seats)
    return { key: 'max_quantity_tooltip', values: { max: seats } };
  return null;
}

export type DiscountProblem = 'min_discount_tooltip' | 'max_discount_tooltip' | 'product_not_discountable';

/** 001 §5: a whole 0–100; none at all on a product that is not discountable. */
export function discountProblem(discount: number, product: QuoteProduct | undefined): DiscountProblem | null {
  if (!Number.isInteger(discount) || discount < 0) return 'min_discount_tooltip';
  if (discount > 100) return 'max_discount_tooltip';
  if (discount > 0 && product && !product.discountable) return 'product_not_discountable';
  return null;
}

export interface PricedRow {
  line: DraftLine;
  product: QuoteProduct;
  priced: PricedLine;
}

/** The kept lines (quantity above 0) whose product is known, priced. */
export function pricedRows(draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>): PricedRow[] {
  return draft.lines.flatMap((line) => {
    const product = products.get(line.product);
    const priced = line.quantity > 0 ? priceDraftLine(line, product) : null;
    return product && priced ? [{ line, product, priced }] : [];
  });
}

export const subtotalOf = (rows: readonly PricedRow[]) => rows.reduce((sum, row) => sum.plus(row.priced.net), new Decimal(0));

const shippingLines = (rows: readonly PricedRow[]): ShippingLine[] =>
  rows.map(({ priced, product }) => ({
    quantity: priced.quantity,
    ship_cost: product.ship_cost,
    weight: product.weight,
    weight_unit: product.weight_unit,
    is_shippable: product.is_shippable,
  }));

/** Something on the quote ships (001 §2: otherwise the Shipping tab is the digital-delivery note). */
export const quoteShippable = (rows: readonly PricedRow[]) => isShippable(shippingLines(rows));

/** The methods offered for the draft's country that can price its lines, with their costs. */
export function offeredShipping(draft: QuoteDraft, rows: readonly PricedRow[], types: readonly ShippingType[]): ShippingOption[] {
  return shippingOptions(types, draft.shipping_country_code, shippingLines(rows));
}

/** Each kept line's first line-detail problem as typed (000 §5, the basket's rules), by line key. */
export function detailProblems(draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>): Map<number, DetailProblem> {
  return lineDetailProblems(
    draft.lines.map((line) => ({
      key: line.key,
      type: products.get(line.product)?.subscription_type ?? null,
      details: line.details,
      kept: line.quantity > 0,
    })),
  );
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** The lines a Zoom configuration belongs on: every line of a ZOOM product. */
export const zoomLines = (draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>) =>
  draft.lines.filter((line) => line.quantity > 0 && products.get(line.product)?.subscription_type === 'ZOOM');

/** A line's Zoom order is complete (001 §5): its type, and the end user's company, name and a valid e-mail. */
export function zoomOrderComplete(details: Partial<ZoomOrder>): boolean {
  return (
    !blank(details.zoom_order_type) &&
    !blank(details.zoom_end_user_company) &&
    !blank(details.zoom_end_user_name) &&
    !blank(details.zoom_end_user_email) &&
    emailValid(details.zoom_end_user_email)
  );
}

/**
 * 001 §5 "Quote can be saved when": a recipient organisation, recipient name and a valid e-mail,
 * at least one line with a quantity, every quantity and discount valid, the Dropbox and Acronis
 * details saveable, and a Zoom order, where one is begun, complete; the limits of 001 §9.
 */
export function detailsComplete(draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>): boolean {
  if (draft.organisation_to === null || blank(draft.recipient_name) || blank(draft.recipient_email) || !emailValid(draft.recipient_email))
    return false;
  if ((draft.name ?? '').length > 45 || (draft.purchase_order_number ?? '').length > 45 || (draft.recipient_email ?? '').length > 100)
    return false;
  const kept = draft.lines.filter((line) => line.quantity > 0);
  if (kept.length === 0) return false;
  const seats = baseZoomSeats(draft, products);
  for (const line of draft.lines) {
    const product = products.get(line.product);
    if (!product) return false;
    if (lineQuantityProblem(line, product, seats) || discountProblem(line.discount, product)) return false;
    if (line.quantity > 0 && priceDraftLine(line, product)?.problems.some((problem) => problem.field !== 'markup')) return false;
    const emails = ALL_DETAILS.filter((field) => field.endsWith('_email'));
    if (emails.some((field) => !emailValid(line.details[field]))) return false;
    if (!blank(line.details.zoom_order_type) && !zoomOrderComplete(line.details)) return false;
  }
  return detailProblems(draft, products).size === 0;
}

/** 001 §2 "Next on the info tab requires Zoom configuration complete": every Zoom line configured. */
export function zoomComplete(draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>): boolean {
  return zoomLines(draft, products).every((line) => zoomOrderComplete(line.details));
}

/** 001 §5 "Shipping complete": nothing ships, or a method offered and the address's required fields. */
export function shippingComplete(draft: QuoteDraft, shippable: boolean, offered: readonly ShippingOption[]): boolean {
  if (!shippable) return true;
  if (SHIPPING_ADDRESS_REQUIRED.some((field) => blank(draft[field]))) return false;
  return draft.shipping_type !== null && offered.some((option) => option.rule.id === draft.shipping_type);
}

/** The PUT /quotes/{id} and POST /quotes body: every field and every kept line; a line's details only for its own kind. */
export function saveBody(draft: QuoteDraft, products: ReadonlyMap<number, QuoteProduct>, shippable: boolean): QuoteInput {
  const { lines, organisation_to, ...fields } = draft;
  const address = shippable
    ? {}
    : { ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, null])), shipping_type: null, part_ship: false };
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [field, typeof value === 'string' && value.trim() === '' ? null : value]),
  );
  return {
    ...(trimmed as Omit<QuoteDraft, 'lines' | 'organisation_to'>),
    ...address,
    organisation_to: organisation_to ?? 0,
    line_items: lines
      .filter((line) => line.quantity > 0)
      .map((line) => {
        const own: readonly string[] =
          EDITABLE_DETAILS[products.get(line.product)?.subscription_type as keyof typeof EDITABLE_DETAILS] ?? [];
        return {
          product: line.product,
          quantity: line.quantity,
          discount: line.discount,
          selected_rate_plan: line.selected_rate_plan,
          maintenance_product: line.maintenance_product,
          prov_product: line.prov_product,
          prov_organisation: line.prov_organisation,
          prov_group: line.prov_group,
          prov_site: line.prov_site,
          ...Object.fromEntries(
            ALL_DETAILS.map((field) => [field, own.includes(field) && !blank(line.details[field]) ? line.details[field].trim() : null]),
          ),
        } as QuoteLineInput;
      }),
  };
}

/** 001 §2: a recipient change clears the lines and the recipient's name and e-mail. */
export function withRecipient(draft: QuoteDraft, organisation: number | null): QuoteDraft {
  return { ...draft, organisation_to: organisation, recipient_name: null, recipient_email: null, lines: [] };
}

/** Whether a recipient change would lose anything (and so asks first). */
export const recipientChangeLoses = (draft: QuoteDraft) =>
  draft.lines.length > 0 || !blank(draft.recipient_name) || !blank(draft.recipient_email);
