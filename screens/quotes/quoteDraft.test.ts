import { describe, expect, it } from 'vitest';
import {
  baseZoomSeats,
  detailsComplete,
  discountProblem,
  emptyDraft,
  lineQuantityProblem,
  newLine,
  recipientChangeLoses,
  saveBody,
  shippingComplete,
  withRecipient,
  zoomComplete,
  type QuoteDraft,
  type QuoteProduct,
} from './quoteDraft';

const plan = (id: number, min: number | null, max: number | null) => ({
  id,
  name: `Plan ${id}`,
  billing_frequency: 'ANNUALLY' as const,
  term_length: 12,
  min_quantity: min,
  max_quantity: max,
  default: true,
  rate_plan_charges: [
    {
      id,
      name: 'Licence',
      charge_type: 'RECURRING' as const,
      charge_model: 'PER_UNIT' as const,
      unit_of_measure: 'licence',
      rate_plan_charge_costs: [{ currency: 'GBP' as const, charge_cost_price: '10.00', starting_unit: null, ending_unit: null }],
    },
  ],
});

function product(id: number, extra: Partial<QuoteProduct> = {}): QuoteProduct {
  return {
    id,
    name: `Product ${id}`,
    product_code: `P-${id}`,
    description: null,
    detailed_description: null,
    featured_description: null,
    stock: null,
    show_in_webstore: true,
    is_financeable: false,
    is_shippable: false,
    active: true,
    draft: false,
    subscription_type: null,
    subscription_product_type: null,
    thumb_url: null,
    main_image_url: null,
    datasheet_url: null,
    guide_url: null,
    quickstart_url: null,
    weight: null,
    weight_unit: null,
    popularity: 0,
    discountable: true,
    quantity_type: null,
    currency: 'GBP',
    price: '5.00',
    rrp: null,
    ship_cost: null,
    vendor: null,
    product_type: null,
    maintenance: [],
    provisioning: [],
    rate_plans: [],
    ...extra,
  } as QuoteProduct;
}

const cable = product(1, { is_shippable: true });
const service = product(2, { discountable: false });
const zoomBase = product(3, { subscription_type: 'ZOOM', subscription_product_type: 'BASE', price: null, rate_plans: [plan(30, 1, 9)] });
const zoomAddOn = product(4, {
  subscription_type: 'ZOOM',
  subscription_product_type: 'ADD_ON',
  quantity_type: 'SEAT',
  price: null,
  rate_plans: [plan(40, null, null)],
});
const products = new Map([cable, service, zoomBase, zoomAddOn].map((item) => [item.id, item]));

const ready = (lines: QuoteDraft['lines']): QuoteDraft => ({
  ...emptyDraft(),
  organisation_to: 2,
  recipient_name: 'Rita',
  recipient_email: 'rita@reseller.example',
  lines,
});
const zoomOrder = {
  zoom_order_type: 'NEW_BUSINESS',
  zoom_end_user_company: 'End User Ltd',
  zoom_end_user_name: 'Erin',
  zoom_end_user_email: 'erin@end.example',
};

describe('the quote editor’s rules (001 §5)', () => {
  it('starts a line at its plan’s minimum, and saves once the recipient, name, e-mail and a valid line are there', () => {
    const line = newLine(zoomBase);
    expect([line.quantity, line.selected_rate_plan, line.discount]).toEqual([1, 30, 0]);
    expect(detailsComplete(ready([newLine(cable)]), products)).toBe(true);
    expect(detailsComplete({ ...ready([newLine(cable)]), recipient_email: 'not an address' }, products)).toBe(false);
    expect(detailsComplete({ ...ready([newLine(cable)]), organisation_to: null }, products)).toBe(false);
    expect(detailsComplete(ready([]), products)).toBe(false);
    expect(detailsComplete(ready([{ ...newLine(cable), quantity: 0 }]), products)).toBe(false);
    expect(detailsComplete({ ...ready([newLine(cable)]), name: 'x'.repeat(46) }, products)).toBe(false);
  });

  it('takes a whole discount 0–100, none on a product that is not discountable', () => {
    expect(discountProblem(0, cable)).toBeNull();
    expect(discountProblem(100, cable)).toBeNull();
    expect(discountProblem(-1, cable)).toBe('min_discount_tooltip');
    expect(discountProblem(2.5, cable)).toBe('min_discount_tooltip');
    expect(discountProblem(101, cable)).toBe('max_discount_tooltip');
    expect(discountProblem(5, service)).toBe('product_not_discountable');
    expect(detailsComplete(ready([{ ...newLine(service), discount: 5 }]), products)).toBe(false);
  });

  it('keeps quantities within the plan, and a seat add-on within the base Zoom seats', () => {
    const base = { ...newLine(zoomBase), quantity: 5, details: { ...newLine(zoomBase).details, ...zoomOrder } };
    const addOn = { ...newLine(zoomAddOn), quantity: 6 };
    const draft = ready([base, addOn]);
    expect(baseZoomSeats(draft, products)).toBe(5);
    expect(lineQuantityProblem(addOn, zoomAddOn, 5)).toEqual({ key: 'max_quantity_tooltip', values: { max: 5 } });
    expect(lineQuantityProblem({ ...base, quantity: 10 }, zoomBase, 5)).toEqual({ key: 'max_quantity_tooltip', values: { max: 9 } });
    expect(lineQuantityProblem({ ...addOn, quantity: 0 }, zoomAddOn, 5)).toBeNull();
  });

  it('needs every Zoom line configured: type and end user company, name and a valid e-mail', () => {
    const bare = ready([newLine(zoomBase)]);
    expect(zoomComplete(bare, products)).toBe(false);
    expect(detailsComplete(bare, products)).toBe(true);
    const configured = ready([{ ...newLine(zoomBase), details: { ...newLine(zoomBase).details, ...zoomOrder } }]);
    expect(zoomComplete(configured, products)).toBe(true);
    const bad = ready([
      { ...newLine(zoomBase), details: { ...newLine(zoomBase).details, ...zoomOrder, zoom_end_user_email: 'nope nope' } },
    ]);
    expect(zoomComplete(bad, products)).toBe(false);
    expect(detailsComplete(bad, products)).toBe(false);
  });

  it('asks before a new recipient empties the lines, name and e-mail', () => {
    const draft = ready([newLine(cable)]);
    expect(recipientChangeLoses(draft)).toBe(true);
    expect(recipientChangeLoses({ ...emptyDraft(), organisation_to: 2 })).toBe(false);
    expect(withRecipient(draft, 4)).toMatchObject({ organisation_to: 4, recipient_name: null, recipient_email: null, lines: [] });
  });

  it('sends the kept lines with their own kind’s details, and no address when nothing ships', () => {
    const draft = {
      ...ready([newLine(cable), { ...newLine(service), quantity: 0 }]),
      shipping_city: 'Bristol',
      shipping_type: 1,
      name: '  ',
    };
    const shipped = saveBody(draft, products, true);
    expect(shipped.line_items).toHaveLength(1);
    expect(shipped).toMatchObject({ organisation_to: 2, shipping_city: 'Bristol', shipping_type: 1, name: null });
    expect(shipped.line_items?.[0]).toMatchObject({ product: 1, quantity: 1, discount: 0, dropbox_team_name: null });
    expect(saveBody(draft, products, false)).toMatchObject({ shipping_city: null, shipping_type: null, part_ship: false });
  });

  it('calls shipping complete when nothing ships, or with an offered method and the address', () => {
    const draft = ready([newLine(cable)]);
    expect(shippingComplete(draft, false, [])).toBe(true);
    const offered = [{ rule: { id: 1 }, cost: '9.95' }] as unknown as Parameters<typeof shippingComplete>[2];
    const addressed = {
      ...draft,
      shipping_company_name: 'Co',
      shipping_addr_line_1: '1 Road',
      shipping_city: 'Bristol',
      shipping_postal_code: 'BS1',
      shipping_country_code: 'GB',
    };
    expect(shippingComplete(addressed, true, offered)).toBe(false);
    expect(shippingComplete({ ...addressed, shipping_type: 1 }, true, offered)).toBe(true);
    expect(shippingComplete({ ...addressed, shipping_type: 1, shipping_city: null }, true, offered)).toBe(false);
  });
});
