import Decimal from 'decimal.js';
import {
  basketTotals,
  defaultRatePlan,
  isQuantityLocked,
  priceLine,
  quantityForPlan,
  quantityProblem,
  smallestVolumeTierStart,
  type PricedLine,
  type QuantityProblem,
} from '../../shared/pricing';
import type { components } from '../../runtime/generated/api';
import type { Product } from '../product/productTypes';
import { shippingOptions, type ShippingOption } from '../../shared/pricing/shipping';
import { EDITABLE_DETAILS, lineDetailProblems, type DetailProblem, type EditableDetailField } from '../../shared/baskets/lineDetails';
import { EMAIL_PATTERN } from '../store/registerInterestRules';

type Schemas = components['schemas'];
export type Basket = Schemas['Basket'];
export type BasketLine = Schemas['BasketLineItem'];
export type SavedAddress = Schemas['Address'];
export type ShippingTypeOption = Schemas['ShippingType'];
/** A Dovetail choice: an organisation of the picker, a group or a site (each with its organisation). */
export interface DovetailChoice {
  id: number;
  name: string;
  organisation?: { id: number } | null;
}

/** The basket's editable details (000 §2.8 details table), as PUT /baskets/{id} takes them. */
export const DETAIL_FIELDS = [
  'name',
  'purchase_order_number',
  'end_user',
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
  'ship_instructions',
  'provisioning_instructions',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

/** 000 §5 limits of the basket's text fields (the entity's, which the server enforces too). */
export const DETAIL_LIMITS: Record<DetailField, number | null> = {
  name: 255,
  purchase_order_number: 45,
  end_user: 45,
  shipping_company_name: 100,
  shipping_recipient_name: 100,
  shipping_addr_line_1: 150,
  shipping_addr_line_2: 150,
  shipping_city: 50,
  shipping_region: 30,
  shipping_postal_code: 36,
  shipping_country_code: 2,
  ship_instructions: null,
  provisioning_instructions: null,
};

/** The line-detail fields each subscription type carries (000 §3 line item; docs/buying.md "Baskets"). */
export const LINE_DETAILS = EDITABLE_DETAILS;
export type LineDetailField = EditableDetailField;
const ALL_DETAILS: LineDetailField[] = [...new Set(Object.values(EDITABLE_DETAILS).flat())];
const EMAIL_DETAILS = ALL_DETAILS.filter((field) => field.endsWith('_email'));

export interface DraftLine {
  id: number;
  product: number;
  name: string;
  product_code: string;
  subscription_type: BasketLine['subscription_type'];
  quantity: number;
  selected_rate_plan: number | null;
  maintenance_product: number | null;
  prov_product: number | null;
  /** The Dovetail target (000 §6: DOVETAIL module only). */
  prov_organisation: number | null;
  prov_group: number | null;
  prov_site: number | null;
  discount: string;
  markup: string | null;
  details: Record<LineDetailField, string>;
}

export interface BasketDraft {
  details: Record<DetailField, string>;
  part_ship: boolean;
  shipping_type: number | null;
  lines: DraftLine[];
}

export function draftOf(basket: Basket, lines: readonly BasketLine[]): BasketDraft {
  const record = basket as unknown as Record<string, unknown>;
  return {
    details: Object.fromEntries(
      DETAIL_FIELDS.map((field) => [field, typeof record[field] === 'string' ? (record[field] as string) : '']),
    ) as Record<DetailField, string>,
    part_ship: basket.part_ship,
    shipping_type: basket.shipping_type?.id ?? null,
    lines: lines.map((line) => ({
      id: line.id,
      product: line.product,
      name: line.name,
      product_code: line.product_code,
      subscription_type: line.subscription_type,
      quantity: line.quantity,
      selected_rate_plan: line.selected_rate_plan,
      maintenance_product: line.maintenance_product,
      prov_product: line.prov_product,
      prov_organisation: line.prov_organisation,
      prov_group: line.prov_group,
      prov_site: line.prov_site,
      discount: String(line.discount),
      markup: line.markup,
      details: Object.fromEntries(ALL_DETAILS.map((field) => [field, line[field] ?? ''])) as Record<LineDetailField, string>,
    })),
  };
}

/** Copies a saved address into the draft's shipping fields (000 §2.8 address dropdown). */
export function withAddress(draft: BasketDraft, address: SavedAddress | null): BasketDraft {
  const value = (text: string | null | undefined) => text ?? '';
  return {
    ...draft,
    details: {
      ...draft.details,
      shipping_company_name: value(address?.company_name),
      shipping_recipient_name: value(address?.recipient_name),
      shipping_addr_line_1: value(address?.addr_line_1),
      shipping_addr_line_2: value(address?.addr_line_2),
      shipping_city: value(address?.city),
      shipping_region: value(address?.region),
      shipping_postal_code: value(address?.postal_code),
      shipping_country_code: value(address?.country_code),
    },
  };
}

/**
 * The shipping methods the draft may choose (000 §4, §5 "shipping options by country"): offered
 * for its country and able to price its kept lines (shared/pricing/shipping), with their costs.
 */
export function offeredShipping(
  draft: BasketDraft,
  products: ReadonlyMap<number, Product>,
  types: readonly ShippingTypeOption[],
): ShippingOption[] {
  const lines = draft.lines
    .filter((line) => line.quantity > 0)
    .flatMap((line) => {
      const product = products.get(line.product);
      return product
        ? [
            {
              quantity: line.quantity,
              ship_cost: product.ship_cost,
              weight: product.weight,
              weight_unit: product.weight_unit,
              is_shippable: product.is_shippable,
            },
          ]
        : [];
    });
  return shippingOptions(types, orNull(draft.details.shipping_country_code), lines);
}

/** A line priced as the server will (shared/pricing); null while its product is not loaded or no longer buyable. */
export function priceDraftLine(line: DraftLine, product: Product | undefined): PricedLine | null {
  if (!product) return null;
  return priceLine(product, {
    quantity: line.quantity,
    ratePlanId: line.selected_rate_plan,
    maintenanceId: line.maintenance_product,
    provisioningId: line.prov_product,
    discount: line.discount,
    markup: line.markup,
  });
}

/** The plan a line is priced with: the chosen one, else the product's default (000 §5). */
function planOf(planId: number | null, product: Product | undefined) {
  const plans = product?.rate_plans ?? [];
  return plans.find((candidate) => candidate.id === planId) ?? defaultRatePlan(plans);
}

export function lineQuantityProblem(
  line: Pick<DraftLine, 'quantity' | 'selected_rate_plan'>,
  product: Product | undefined,
): QuantityProblem | null {
  if (line.quantity === 0) return null; // a line set to 0 is removed on save (000 §4)
  return quantityProblem(line.quantity, planOf(line.selected_rate_plan, product));
}

/**
 * What a line's quantity input needs of the price box's rules (000 §5): the smallest volume tier
 * typed quantities are raised to, and whether the quantity is locked.
 */
export function lineQuantityRules(
  planId: number | null,
  product: Product | undefined,
  root: boolean,
): { smallestTierStart: number | null; locked: boolean } {
  const plan = planOf(planId, product);
  return {
    smallestTierStart: product ? smallestVolumeTierStart(plan, product.currency) : null,
    locked: !product || isQuantityLocked({ isRoot: root, price: product.price, ratePlans: product.rate_plans, selectedPlan: plan }),
  };
}

/** A line's quantity after its plan changes, as the price box's (000 §5); a removed line stays removed. */
export function quantityAfterPlanChange(quantity: number, planId: number | null, product: Product | undefined, root: boolean): number {
  if (quantity === 0 || !product) return quantity;
  const { smallestTierStart, locked } = lineQuantityRules(planId, product, root);
  return quantityForPlan(quantity, planOf(planId, product), locked, smallestTierStart);
}

const filled = (text: string) => text.trim() !== '';
/** 000 §5: an e-mail longer than one character must look like one; empty or one character passes. */
export const emailValid = (text: string) => text.trim().length <= 1 || EMAIL_PATTERN.test(text.trim());

/** A Dropbox or Acronis line with both its fields (checkout's "allocations complete", 000 §5). */
export function allocationComplete(line: DraftLine): boolean {
  if (line.subscription_type === 'DROPBOX') return filled(line.details.dropbox_team_name) && filled(line.details.dropbox_admin_email);
  if (line.subscription_type === 'ACRONIS') return filled(line.details.acronis_tenant_name) && filled(line.details.acronis_admin_email);
  return true;
}

/**
 * Each kept line's first line-detail problem as typed (000 §5), a team the organisation already
 * has (`teamNames`, lower-cased) included; the server repeats every check: keyed by line id.
 */
export function detailProblems(draft: BasketDraft, teamNames: ReadonlySet<string> = new Set()): Map<number, DetailProblem> {
  return lineDetailProblems(
    draft.lines.map((line) => ({ key: line.id, type: line.subscription_type, details: line.details, kept: line.quantity > 0 })),
    teamNames,
  );
}

export interface DraftChecks {
  canSave: boolean;
  canCheckout: boolean;
  subtotal: Decimal;
}

/**
 * 000 §5 "Save needs total quantity above 0, valid quantities and valid emails. Save and checkout
 * additionally needs: basket loaded, Dropbox and Acronis allocations complete, at least one line."
 */
export function checkDraft(
  draft: BasketDraft,
  products: ReadonlyMap<number, Product>,
  changed: boolean,
  teamNames: ReadonlySet<string> = new Set(),
): DraftChecks {
  const kept = draft.lines.filter((line) => line.quantity > 0);
  const totalQuantity = kept.reduce((sum, line) => sum + line.quantity, 0);
  const quantitiesValid = draft.lines.every((line) => lineQuantityProblem(line, products.get(line.product)) === null);
  const emailsValid = draft.lines.every((line) => EMAIL_DETAILS.every((field) => emailValid(line.details[field])));
  const priced = kept.flatMap((line) => {
    const result = priceDraftLine(line, products.get(line.product));
    return result ? [result] : [];
  });
  const valid =
    totalQuantity > 0 &&
    quantitiesValid &&
    emailsValid &&
    detailProblems(draft, teamNames).size === 0 &&
    priced.every((line) => line.problems.length === 0);
  return {
    canSave: changed && valid,
    canCheckout: valid && kept.length > 0 && kept.every(allocationComplete),
    subtotal: basketTotals(priced).subtotal,
  };
}

function orNull(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** The PUT /baskets/{id} body: every detail and every line; a line's details only for its own subscription type. */
export function saveBody(draft: BasketDraft): Record<string, unknown> {
  return {
    ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field, orNull(draft.details[field])])),
    part_ship: draft.part_ship,
    shipping_type: draft.shipping_type,
    line_items: draft.lines.map((line) => {
      const own: readonly string[] = line.subscription_type ? LINE_DETAILS[line.subscription_type] : [];
      return {
        id: line.id > 0 ? line.id : undefined,
        product: line.product,
        quantity: line.quantity,
        selected_rate_plan: line.selected_rate_plan,
        maintenance_product: line.maintenance_product,
        prov_product: line.prov_product,
        prov_organisation: line.prov_organisation,
        prov_group: line.prov_group,
        prov_site: line.prov_site,
        markup: line.markup === null || line.markup.trim() === '' ? null : line.markup,
        ...Object.fromEntries(ALL_DETAILS.map((field) => [field, own.includes(field) ? orNull(line.details[field]) : null])),
      };
    }),
  };
}

/** A new basket's draft (000 §2.8 basket_new): no lines, every detail blank but its default name. */
export function emptyDraft(name: string): BasketDraft {
  return {
    details: { ...(Object.fromEntries(DETAIL_FIELDS.map((field) => [field, ''])) as Record<DetailField, string>), name },
    part_ship: false,
    shipping_type: null,
    lines: [],
  };
}

/** The POST /baskets body of a new basket: its details as a save sends them, without lines. */
export function createBody(draft: BasketDraft): Record<string, unknown> {
  const { line_items: _lines, ...details } = saveBody(draft);
  return details;
}
