import { describe, expect, it } from 'vitest';
import type { QuoteProduct } from './quoteDraft';
import {
  addOnProblem,
  baseMatch,
  configurationOf,
  defaultConfiguration,
  linesOf,
  quantityLimits,
  stageComplete,
  ZOOM_STAGES,
  type ZoomGroup,
} from './zoomConfiguration';

let planId = 0;
const plan = (term: number, min: number | null, max: number | null, isDefault = false) => ({
  id: ++planId,
  name: `${term} months`,
  billing_frequency: 'ANNUALLY' as const,
  term_length: term,
  min_quantity: min,
  max_quantity: max,
  default: isDefault,
  rate_plan_charges: [
    {
      id: planId,
      name: 'Licence',
      charge_type: 'RECURRING' as const,
      charge_model: 'PER_UNIT' as const,
      unit_of_measure: 'licence',
      rate_plan_charge_costs: [{ currency: 'GBP' as const, charge_cost_price: '10.00', starting_unit: null, ending_unit: null }],
    },
  ],
});
const product = (id: number, plans: QuoteProduct['rate_plans'], extra: Partial<QuoteProduct> = {}) =>
  ({
    id,
    name: `Zoom ${id}`,
    product_code: `ZM-${id}`,
    subscription_type: 'ZOOM',
    subscription_product_type: 'BASE',
    quantity_type: null,
    discountable: true,
    currency: 'GBP',
    price: null,
    rrp: null,
    ship_cost: null,
    is_shippable: false,
    is_financeable: false,
    weight: null,
    weight_unit: null,
    maintenance: [],
    provisioning: [],
    rate_plans: plans,
    ...extra,
  }) as unknown as QuoteProduct;

const pro = product(1, [plan(1, 1, 9), plan(12, 1, 9, true)]);
const business = product(2, [plan(12, 10, null), plan(36, 10, null)]);
const webinar = product(3, [plan(12, null, null), plan(36, null, null)], { subscription_product_type: 'ADD_ON', quantity_type: 'SEAT' });
const group: ZoomGroup = { id: 1, name: 'Zoom Workplace plans', description: null, products: [pro, business], addOns: [webinar] };
const groups = [group];
const endUser = { zoom_end_user_company: 'End User Ltd', zoom_end_user_name: 'Erin', zoom_end_user_email: 'erin@end.example' };

describe('the Zoom configuration wizard (001 §2)', () => {
  it('starts as New Business, 1, 12 months, and needs a group before going on', () => {
    const start = defaultConfiguration();
    expect([start.zoom_order_type, start.quantity, start.term]).toEqual(['NEW_BUSINESS', 1, 12]);
    expect(stageComplete('type', start, groups)).toBe(true);
    expect(stageComplete('type', { ...start, zoom_order_type: '' }, groups)).toBe(false);
    expect(stageComplete('baseproduct', start, groups)).toBe(false);
    expect(stageComplete('baseproduct', { ...start, group: 1 }, groups)).toBe(true);
  });

  it('takes a quantity above 0 from the lowest plan minimum, unbounded when a plan has no maximum', () => {
    expect(quantityLimits(group)).toEqual({ min: 1, max: null });
    expect(quantityLimits({ ...group, products: [pro] })).toEqual({ min: 1, max: 9 });
    const chosen = { ...defaultConfiguration(), group: 1 };
    expect(stageComplete('quantity', { ...chosen, quantity: 0 }, groups)).toBe(false);
    expect(stageComplete('quantity', { ...chosen, quantity: 500 }, groups)).toBe(true);
    expect(stageComplete('quantity', { ...chosen, quantity: 10 }, [{ ...group, products: [pro] }])).toBe(false);
  });

  it('finds the base product whose plan matches the term and the quantity, and none for a term no plan has', () => {
    expect(baseMatch(group, 12, 5)?.product.id).toBe(1);
    expect(baseMatch(group, 12, 20)?.product.id).toBe(2);
    expect(baseMatch(group, 36, 20)?.plan.term_length).toBe(36);
    expect(baseMatch(group, 36, 5)).toBeNull();
    expect(stageComplete('termlength', { ...defaultConfiguration(), group: 1, term: 24 }, groups)).toBe(false);
  });

  it('caps a seat add-on by the base quantity', () => {
    const configuration = { ...defaultConfiguration(), group: 1, quantity: 5 };
    expect(addOnProblem(webinar, 6, configuration)).toEqual({ key: 'max_quantity_tooltip', values: { max: 5 } });
    expect(addOnProblem(webinar, 5, configuration)).toBeNull();
    expect(stageComplete('addons', { ...configuration, addOns: { 3: 6 } }, groups)).toBe(false);
  });

  it('needs the end user’s company, name and a valid e-mail, then writes the base and add-on lines with the Zoom order', () => {
    const configuration = {
      ...defaultConfiguration(),
      group: 1,
      quantity: 20,
      term: 36,
      addOns: { 3: 2 },
      zoom_deal_registration_id: 'DR-9',
      ...endUser,
    };
    expect(stageComplete('datacapture', { ...configuration, zoom_end_user_email: 'erin' }, groups)).toBe(false);
    expect(stageComplete('summary', configuration, groups)).toBe(true);
    const lines = linesOf(configuration, groups, []);
    expect(lines.map((line) => [line.product, line.quantity, line.selected_rate_plan])).toEqual([
      [2, 20, business.rate_plans[1]!.id],
      [3, 2, webinar.rate_plans[1]!.id],
    ]);
    expect(lines[1]?.details).toMatchObject({ zoom_order_type: 'NEW_BUSINESS', zoom_deal_registration_id: 'DR-9', ...endUser });
    expect(configurationOf(lines, groups)).toEqual(configuration);
    expect(ZOOM_STAGES).toEqual(['type', 'baseproduct', 'quantity', 'termlength', 'addons', 'dealreg', 'datacapture', 'summary']);
  });
});
