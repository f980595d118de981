import { describe, expect, it } from 'vitest';
import type { Product } from '../product/productTypes';
import {
  checkDraft,
  createBody,
  draftOf,
  emptyDraft,
  lineQuantityRules,
  quantityAfterPlanChange,
  saveBody,
  withAddress,
  type Basket,
  type BasketLine,
} from './basketDraft';

const basket = {
  id: 9,
  name: 'Room',
  total: '0.00',
  currency: 'GBP',
  purchase_order_number: null,
  end_user: null,
  end_user_email: null,
  provisioning_instructions: null,
  ship_instructions: 'door 4',
  part_ship: false,
  shipping_company_name: null,
  shipping_recipient_name: null,
  shipping_addr_line_1: null,
  shipping_addr_line_2: null,
  shipping_city: null,
  shipping_region: null,
  shipping_postal_code: null,
  shipping_country_code: null,
  shipping_type: { id: 2, name: 'Courier' },
} as unknown as Basket;

function line(partial: Partial<BasketLine>): BasketLine {
  return {
    id: 1,
    product: 10,
    name: 'Cable',
    product_code: 'C',
    subscription_type: null,
    quantity: 2,
    selected_rate_plan: null,
    maintenance_product: null,
    prov_product: null,
    prov_organisation: null,
    prov_group: null,
    prov_site: null,
    discount: '0',
    markup: null,
    dropbox_team_name: null,
    dropbox_admin_email: null,
    acronis_tenant_name: null,
    acronis_admin_email: null,
    zoom_order_type: null,
    zoom_deal_registration_id: null,
    zoom_deal_registration_approval_id: null,
    zoom_end_user_company: null,
    zoom_end_user_name: null,
    zoom_end_user_email: null,
    sbc_name: null,
    nuvias_name: null,
    stac_teams_name: null,
    stac_zoom_phone_name: null,
    price: '9.50',
    sub_total_for_item: '19.00',
    ...partial,
  } as BasketLine;
}

const product = (id: number, partial: Partial<Product> = {}) =>
  ({
    id,
    currency: 'GBP',
    price: '9.50',
    rrp: '14.99',
    rate_plans: [],
    maintenance: [],
    provisioning: [],
    ...partial,
  }) as unknown as Product;
const products = new Map([
  [10, product(10)],
  [
    20,
    product(20, {
      price: null,
      rate_plans: [
        {
          id: 5,
          default: true,
          billing_frequency: 'MONTHLY',
          term_length: 1,
          min_quantity: 3,
          max_quantity: 100,
          rate_plan_charges: [
            {
              charge_type: 'RECURRING',
              charge_model: 'PER_UNIT',
              rate_plan_charge_costs: [{ currency: 'GBP', charge_cost_price: '12.50', starting_unit: null, ending_unit: null }],
            },
          ],
        },
      ],
    } as unknown as Partial<Product>),
  ],
]);

describe('checkDraft', () => {
  it('prices the kept lines and allows saving a changed, valid basket', () => {
    const draft = draftOf(basket, [
      line({}),
      line({ id: 2, product: 20, subscription_type: 'DROPBOX', quantity: 3, selected_rate_plan: 5 }),
    ]);
    expect(checkDraft(draft, products, true)).toMatchObject({ canSave: true, canCheckout: false });
    expect(checkDraft(draft, products, true).subtotal.toFixed(2)).toBe('56.50');
    expect(checkDraft(draft, products, false).canSave).toBe(false);
  });
  it('checkout needs the Dropbox allocation complete', () => {
    const draft = draftOf(basket, [
      line({
        product: 20,
        subscription_type: 'DROPBOX',
        quantity: 3,
        selected_rate_plan: 5,
        dropbox_team_name: 'Design',
        dropbox_admin_email: 'it@x.example',
      }),
    ]);
    expect(checkDraft(draft, products, false).canCheckout).toBe(true);
  });
  it.each([
    ['every line at 0', [line({ quantity: 0 })]],
    ['a quantity below the plan minimum', [line({ product: 20, quantity: 2, selected_rate_plan: 5 })]],
    [
      'a bad admin e-mail',
      [line({ product: 20, quantity: 3, selected_rate_plan: 5, subscription_type: 'DROPBOX', dropbox_admin_email: 'nope' })],
    ],
    [
      'a two-letter team name',
      [line({ product: 20, quantity: 3, selected_rate_plan: 5, subscription_type: 'DROPBOX', dropbox_team_name: 'ab' })],
    ],
    ['a bad Zoom end-user e-mail', [line({ subscription_type: 'ZOOM', zoom_end_user_email: 'nope' })]],
    [
      'one new team on two lines',
      [
        line({ product: 20, quantity: 3, selected_rate_plan: 5, subscription_type: 'DROPBOX', dropbox_team_name: 'Design' }),
        line({ id: 2, product: 20, quantity: 3, selected_rate_plan: 5, subscription_type: 'DROPBOX', dropbox_team_name: 'DESIGN' }),
      ],
    ],
  ])('refuses to save %s', (_label, lines) => {
    expect(checkDraft(draftOf(basket, lines), products, true)).toMatchObject({ canSave: false, canCheckout: false });
  });
});

describe('saveBody', () => {
  it('sends every detail, blank as null, and each line with only its own type’s details', () => {
    const draft = draftOf(basket, [
      line({ nuvias_name: 'x' }),
      line({ id: 2, product: 20, subscription_type: 'DROPBOX', quantity: 3, selected_rate_plan: 5, dropbox_team_name: ' ' }),
    ]);
    const body = saveBody(draft);
    expect(body).toMatchObject({
      name: 'Room',
      ship_instructions: 'door 4',
      purchase_order_number: null,
      shipping_type: 2,
      part_ship: false,
    });
    const lines = body['line_items'] as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({ id: 1, product: 10, quantity: 2, nuvias_name: null, dropbox_team_name: null });
    expect(lines[1]).toMatchObject({ id: 2, dropbox_team_name: null, dropbox_admin_email: null });
  });
  it('sends a Zoom line’s order details (000 §3 zoom_order)', () => {
    const draft = draftOf(basket, [
      line({ subscription_type: 'ZOOM', zoom_order_type: 'NEW_BUSINESS', zoom_deal_registration_id: 'DR-1', zoom_end_user_email: '' }),
    ]);
    const [sent] = saveBody(draft)['line_items'] as Record<string, unknown>[];
    expect(sent).toMatchObject({
      zoom_order_type: 'NEW_BUSINESS',
      zoom_deal_registration_id: 'DR-1',
      zoom_end_user_email: null,
      dropbox_team_name: null,
    });
  });
});

it('copies a saved address into the shipping fields', () => {
  const draft = withAddress(draftOf(basket, []), {
    id: 1,
    name: 'HQ',
    company_name: 'Customer Co',
    recipient_name: null,
    addr_line_1: '1 Market St',
    addr_line_2: null,
    city: 'Leeds',
    region: null,
    postal_code: 'LS1',
    country_code: 'GB',
  });
  expect(draft.details).toMatchObject({
    shipping_company_name: 'Customer Co',
    shipping_recipient_name: '',
    shipping_city: 'Leeds',
    shipping_country_code: 'GB',
  });
});

describe('line quantities (000 §5, the price box’s rules)', () => {
  const volume = product(30, {
    price: null,
    rate_plans: [
      {
        id: 7,
        default: true,
        billing_frequency: 'MONTHLY',
        term_length: 1,
        min_quantity: null,
        max_quantity: null,
        rate_plan_charges: [
          {
            charge_type: 'RECURRING',
            charge_model: 'VOLUME',
            rate_plan_charge_costs: [{ currency: 'GBP', charge_cost_price: '5.00', starting_unit: 10, ending_unit: null }],
          },
        ],
      },
      {
        id: 8,
        default: false,
        billing_frequency: 'MONTHLY',
        term_length: 1,
        min_quantity: 20,
        max_quantity: null,
        rate_plan_charges: [
          {
            charge_type: 'RECURRING',
            charge_model: 'PER_UNIT',
            rate_plan_charge_costs: [{ currency: 'GBP', charge_cost_price: '5.00', starting_unit: null, ending_unit: null }],
          },
        ],
      },
      {
        id: 9,
        default: false,
        billing_frequency: 'MONTHLY',
        term_length: 1,
        min_quantity: 1,
        max_quantity: null,
        rate_plan_charges: [{ charge_type: 'USAGE', charge_model: 'PER_UNIT', rate_plan_charge_costs: [] }],
      },
    ],
  } as unknown as Partial<Product>);
  it('knows the smallest volume tier and when the quantity is locked', () => {
    expect(lineQuantityRules(null, volume, false)).toEqual({ smallestTierStart: 10, locked: false });
    expect(lineQuantityRules(9, volume, false)).toEqual({ smallestTierStart: null, locked: true });
    expect(lineQuantityRules(7, volume, true).locked).toBe(true);
    expect(lineQuantityRules(null, undefined, false).locked).toBe(true);
  });
  it('raises the quantity to a new plan’s minimum, puts a locked one at its start, and keeps a removed line removed', () => {
    expect(quantityAfterPlanChange(12, 8, volume, false)).toBe(20);
    expect(quantityAfterPlanChange(12, 9, volume, false)).toBe(1);
    expect(quantityAfterPlanChange(0, 8, volume, false)).toBe(0);
  });
});

it('a new basket: blank details but its name, created without lines', () => {
  const draft = emptyDraft('New basket 1st Jan 2026, 09:00');
  expect(createBody({ ...draft, shipping_type: 2, details: { ...draft.details, shipping_city: 'Leeds' } })).toEqual(
    expect.objectContaining({
      name: 'New basket 1st Jan 2026, 09:00',
      shipping_city: 'Leeds',
      purchase_order_number: null,
      shipping_type: 2,
      part_ship: false,
    }),
  );
  expect(createBody(draft)).not.toHaveProperty('line_items');
});
