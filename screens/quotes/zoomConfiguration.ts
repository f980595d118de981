import { defaultRatePlan, quantityProblem } from '../../shared/pricing';
import { DETAIL_MAX_LENGTH, ZOOM_ORDER_TYPES } from '../../shared/baskets/lineDetails';
import { emailValid } from '../checkout/completeness';
import { newLine, type DraftLine, type QuoteProduct } from './quoteDraft';

/**
 * The Zoom configuration wizard's rules (001 §2 "Zoom configuration wizard", §9), pure: its stages,
 * defaults, which base plan a group offers for a term and a quantity, the add-ons and what Update
 * quote writes. The modal (ZoomWizard.tsx) only draws them.
 */
export const ZOOM_STAGES = ['type', 'baseproduct', 'quantity', 'termlength', 'addons', 'dealreg', 'datacapture', 'summary'] as const;
export type ZoomStage = (typeof ZOOM_STAGES)[number];

/** 001 §2: "terms offered: 12, 24, 36" months. */
export const ZOOM_TERMS = [12, 24, 36] as const;

type RatePlan = QuoteProduct['rate_plans'][number];

/** A LIVE ZOOM BASE product group with its products as the recipient's webstore offers them. */
export interface ZoomGroup {
  id: number;
  name: string;
  description: string | null;
  products: QuoteProduct[];
  /** The add-on products of the LIVE ADD_ON groups related to it (001 §2 related_to). */
  addOns: QuoteProduct[];
}

export interface ZoomConfiguration {
  zoom_order_type: string;
  group: number | null;
  quantity: number;
  term: number;
  /** Each add-on product's quantity; 0 or absent: not taken. */
  addOns: Readonly<Record<number, number>>;
  zoom_deal_registration_id: string;
  zoom_deal_registration_approval_id: string;
  zoom_end_user_company: string;
  zoom_end_user_name: string;
  zoom_end_user_email: string;
}

/** 001 §2, §9: New Business, quantity 1, term 12 months. */
export function defaultConfiguration(): ZoomConfiguration {
  return {
    zoom_order_type: ZOOM_ORDER_TYPES[0],
    group: null,
    quantity: 1,
    term: 12,
    addOns: {},
    zoom_deal_registration_id: '',
    zoom_deal_registration_approval_id: '',
    zoom_end_user_company: '',
    zoom_end_user_name: '',
    zoom_end_user_email: '',
  };
}

const plansOf = (group: ZoomGroup) => group.products.flatMap((product) => product.rate_plans);

/** 001 §2: the quantity's minimum is the lowest rate-plan min_quantity, its maximum the largest max_quantity (null: unbounded). */
export function quantityLimits(group: ZoomGroup | undefined): { min: number; max: number | null } {
  const plans = group ? plansOf(group) : [];
  const mins = plans.map((plan) => plan.min_quantity ?? 1);
  const unbounded = plans.length === 0 || plans.some((plan) => plan.max_quantity === null || plan.max_quantity === undefined);
  return {
    min: Math.max(1, Math.min(...(mins.length > 0 ? mins : [1]))),
    max: unbounded ? null : Math.max(...plans.map((plan) => plan.max_quantity!)),
  };
}

/** 001 §2: "the base product is the one whose rate plan matches the term and quantity range" (the first such, in the group's order). */
export function baseMatch(group: ZoomGroup | undefined, term: number, quantity: number): { product: QuoteProduct; plan: RatePlan } | null {
  for (const product of group?.products ?? []) {
    const plan = product.rate_plans.find((candidate) => candidate.term_length === term && quantityProblem(quantity, candidate) === null);
    if (plan) return { product, plan };
  }
  return null;
}

/** An add-on's plan for the term: the one of that term length, else its default. */
export const addOnPlan = (product: QuoteProduct, term: number): RatePlan | null =>
  product.rate_plans.find((plan) => plan.term_length === term) ?? defaultRatePlan(product.rate_plans);

/** An add-on quantity's problem: a whole number, within its plan, and at most the base seats (001 §5 SEAT cap). */
export function addOnProblem(
  product: QuoteProduct,
  quantity: number,
  configuration: ZoomConfiguration,
): ReturnType<typeof quantityProblem> {
  if (quantity === 0) return null;
  const problem = quantityProblem(quantity, addOnPlan(product, configuration.term));
  if (problem) return problem;
  return product.quantity_type === 'SEAT' && quantity > configuration.quantity
    ? { key: 'max_quantity_tooltip', values: { max: configuration.quantity } }
    : null;
}

const filled = (text: string) => text.trim() !== '';

/** Whether a stage lets the wizard go on (Next; Update quote on the summary). */
export function stageComplete(stage: ZoomStage, configuration: ZoomConfiguration, groups: readonly ZoomGroup[]): boolean {
  const group = groups.find((candidate) => candidate.id === configuration.group);
  const limits = quantityLimits(group);
  switch (stage) {
    case 'type':
      return (ZOOM_ORDER_TYPES as readonly string[]).includes(configuration.zoom_order_type);
    case 'baseproduct':
      return group !== undefined;
    case 'quantity':
      return (
        Number.isInteger(configuration.quantity) &&
        configuration.quantity > 0 &&
        configuration.quantity >= limits.min &&
        (limits.max === null || configuration.quantity <= limits.max)
      );
    case 'termlength':
      return (
        (ZOOM_TERMS as readonly number[]).includes(configuration.term) &&
        baseMatch(group, configuration.term, configuration.quantity) !== null
      );
    case 'addons':
      return (group?.addOns ?? []).every((product) => addOnProblem(product, configuration.addOns[product.id] ?? 0, configuration) === null);
    case 'dealreg':
      return (
        configuration.zoom_deal_registration_id.length <= DETAIL_MAX_LENGTH.zoom_deal_registration_id &&
        configuration.zoom_deal_registration_approval_id.length <= DETAIL_MAX_LENGTH.zoom_deal_registration_approval_id
      );
    case 'datacapture':
      return (
        (['zoom_end_user_company', 'zoom_end_user_name', 'zoom_end_user_email'] as const).every(
          (field) => filled(configuration[field]) && configuration[field].length <= DETAIL_MAX_LENGTH[field],
        ) && emailValid(configuration.zoom_end_user_email)
      );
    case 'summary':
      return ZOOM_STAGES.slice(0, -1).every((earlier) => stageComplete(earlier, configuration, groups));
  }
}

/** The Zoom order every line of the configuration carries (001 §3 zoom_order). */
function zoomDetails(configuration: ZoomConfiguration): Partial<DraftLine['details']> {
  return {
    zoom_order_type: configuration.zoom_order_type,
    zoom_deal_registration_id: configuration.zoom_deal_registration_id.trim(),
    zoom_deal_registration_approval_id: configuration.zoom_deal_registration_approval_id.trim(),
    zoom_end_user_company: configuration.zoom_end_user_company.trim(),
    zoom_end_user_name: configuration.zoom_end_user_name.trim(),
    zoom_end_user_email: configuration.zoom_end_user_email.trim(),
  };
}

/**
 * Update quote: the base line (its product and plan for the term and quantity) and one line per
 * add-on taken, each carrying the Zoom order. A line of the same product the quote had keeps its
 * discount and options.
 */
export function linesOf(configuration: ZoomConfiguration, groups: readonly ZoomGroup[], previous: readonly DraftLine[]): DraftLine[] {
  const group = groups.find((candidate) => candidate.id === configuration.group);
  const base = baseMatch(group, configuration.term, configuration.quantity);
  if (!group || !base) return [];
  const line = (product: QuoteProduct, quantity: number, plan: RatePlan | null): DraftLine => {
    const before = previous.find((candidate) => candidate.product === product.id);
    const fresh = before ?? newLine(product);
    return { ...fresh, quantity, selected_rate_plan: plan?.id ?? null, details: { ...fresh.details, ...zoomDetails(configuration) } };
  };
  const addOns = group.addOns
    .filter((product) => (configuration.addOns[product.id] ?? 0) > 0)
    .map((product) => line(product, configuration.addOns[product.id]!, addOnPlan(product, configuration.term)));
  return [line(base.product, configuration.quantity, base.plan), ...addOns];
}

/** The configuration the quote's Zoom lines hold, to edit it again; the defaults when it has none. */
export function configurationOf(lines: readonly DraftLine[], groups: readonly ZoomGroup[]): ZoomConfiguration {
  const configuration = defaultConfiguration();
  const group = groups.find((candidate) => lines.some((line) => candidate.products.some((product) => product.id === line.product)));
  const base = group && lines.find((line) => group.products.some((product) => product.id === line.product));
  if (!group || !base) return configuration;
  const plan = group.products.flatMap((product) => product.rate_plans).find((candidate) => candidate.id === base.selected_rate_plan);
  const addOns = Object.fromEntries(
    lines.filter((line) => group.addOns.some((product) => product.id === line.product)).map((line) => [line.product, line.quantity]),
  );
  const text = (field: keyof ZoomConfiguration & keyof DraftLine['details']) => base.details[field] || configuration[field];
  return {
    zoom_order_type: text('zoom_order_type'),
    group: group.id,
    quantity: base.quantity,
    term: plan?.term_length ?? configuration.term,
    addOns,
    zoom_deal_registration_id: text('zoom_deal_registration_id'),
    zoom_deal_registration_approval_id: text('zoom_deal_registration_approval_id'),
    zoom_end_user_company: text('zoom_end_user_company'),
    zoom_end_user_name: text('zoom_end_user_name'),
    zoom_end_user_email: text('zoom_end_user_email'),
  };
}
