import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { parse } from 'yaml';
import { toScaled } from '../server/db/scaled';
import {
  DEMO_OPTION_PRODUCTS,
  DEMO_PRODUCT_OPTIONS,
  DEMO_PRODUCT_TYPES,
  DEMO_PRODUCTS,
  DEMO_VENDORS,
  type DemoProduct,
} from './demo/catalogue';
import { BACKOFFICE_TABLES, seedBackoffice } from './demo/backoffice';
import { BILLING_TABLES, seedBilling } from './demo/billing';
import { linkChangeOrders } from './demo/changeOrders';
import { DEMO_FEATURES } from './demo/features';
import { DEMO_ORGANISATIONS, organisationRows } from './demo/organisations';
import { ORDER_TABLES, seedOrders } from './demo/orders';
import { DEMO_SUBSCRIPTIONS, DEMO_ZOOM_CONFIGURATION, type DemoSubscriptionProduct } from './demo/subscriptions';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_USERS } from './demo/users';
import { ACCESS_VERSION, bumpDataVersion } from '../server/writes/dataVersions';
import { insertAll, syncSequences } from './insert';

/** The demo exchange rate and the reseller's discount on its assigned price list. */
const EUR_PER_GBP = new Decimal('1.17');
const RESELLER_DISCOUNT = new Decimal('0.95');

export const PRICE_LISTS = [
  { id: 1, name: 'Standard GBP', currency: 'GBP', is_default: true, generated: false },
  { id: 2, name: 'Standard EUR', currency: 'EUR', is_default: true, generated: false },
  { id: 3, name: 'Reseller Partners GBP', currency: 'GBP', is_default: false, generated: true },
];
/** Price list id → its owner: the distributor's standard lists, the reseller's generated one. */
const PRICE_LIST_OWNERS: [number, number][] = [
  [1, 1],
  [2, 1],
  [3, 2],
];

const money = (value: Decimal) => toScaled(value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
const unitCost = (value: Decimal) => toScaled(value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP));

function permissionNames(): { name: string; module: string }[] {
  const spec = parse(readFileSync(new URL('../spec/permissions.yaml', import.meta.url), 'utf8')) as {
    permissions: { name: string; module?: string }[];
  };
  return spec.permissions.map((permission) => ({ name: permission.name, module: permission.module ?? 'WEBSTORE' }));
}

/** The product page's long text: the short description, then what buying it involves, line by line. */
function detailedDescription(product: DemoProduct, weight: string | null): string {
  const how = product.subscription
    ? [
        'Billed through the chosen rate plan; the term starts when the service is activated.',
        'Licences can be added during the term and removed at renewal.',
      ]
    : product.shippable
      ? [
          `Ships from the UK warehouse within two working days when in stock (${weight} kg).`,
          'Manufacturer warranty; maintenance and provisioning can be added where offered.',
        ]
      : [
          'Delivered electronically or scheduled with you after the order.',
          'Supplied by Supplier Distribution Ltd to UK and EU customers.',
        ];
  return [product.description, ...how].join('\n');
}

function productRow(id: number, product: DemoProduct) {
  const weight = product.weightKg ?? (product.shippable ? '0.5' : null);
  return {
    id,
    name: product.name,
    product_code: product.code,
    description: product.description,
    detailed_description: detailedDescription(product, weight),
    featured_description: (product.features ?? DEMO_FEATURES[product.code] ?? []).join('\n') || null,
    stock: product.stock ?? null,
    show_in_webstore: !product.hidden,
    is_financeable: product.financeable ?? false,
    is_shippable: product.shippable ?? false,
    active: !product.inactive,
    draft: product.draft ?? false,
    subscription_type: product.subscription?.type ?? null,
    subscription_product_type: product.subscription?.kind ?? null,
    thumb_url: product.image ?? null,
    main_image_url: product.image ?? null,
    datasheet_url: product.datasheet ? `https://docs.example/${product.code.toLowerCase()}/datasheet.pdf` : null,
    guide_url: product.datasheet ? `https://docs.example/${product.code.toLowerCase()}/guide.pdf` : null,
    quickstart_url: product.datasheet ? `https://docs.example/${product.code.toLowerCase()}/quickstart.pdf` : null,
    weight: weight === null ? null : toScaled(weight),
    weight_unit: weight === null ? null : 'KILOGRAMS',
    popularity: product.popularity,
    vendor_id: product.vendor,
    product_type_id: product.type,
  };
}

function priceRows(productId: number, product: DemoProduct, nextId: () => number) {
  const price = product.price === null ? null : new Decimal(product.price);
  const rrp = product.rrp === null ? null : new Decimal(product.rrp);
  const shipCost = product.shippable ? new Decimal('12.50') : null;
  const row = (listId: number, factor: Decimal, buyFactor: Decimal) => ({
    id: nextId(),
    price_list_id: listId,
    product_id: productId,
    price: price && money(price.times(factor).times(buyFactor)),
    rrp: rrp && money(rrp.times(factor)),
    ship_cost: shipCost && money(shipCost.times(factor)),
  });
  return [row(1, new Decimal(1), new Decimal(1)), row(2, EUR_PER_GBP, new Decimal(1)), row(3, new Decimal(1), RESELLER_DISCOUNT)];
}

async function seedOrganisationsAndUsers(db: Knex, hashPassword: (plain: string) => Promise<string>): Promise<void> {
  await insertAll(db, 'price_lists', PRICE_LISTS);
  await insertAll(db, 'organisations', organisationRows(DEMO_ORGANISATIONS));
  // Owners come once their organisations exist (002 §3 owned_price_lists).
  for (const [listId, owner] of PRICE_LIST_OWNERS) await db('price_lists').where('id', listId).update({ organisation_id: owner });
  const permissions = permissionNames().map((permission, index) => ({ id: index + 1, ...permission }));
  await insertAll(db, 'permissions', permissions);
  const permissionId = new Map(permissions.map((permission) => [permission.name, permission.id]));
  await insertAll(
    db,
    'roles',
    DEMO_ROLES.map((role) => ({ id: role.id, name: role.name, organisation_id: role.organisation, template: role.template })),
  );
  let grantId = 0;
  await insertAll(
    db,
    'role_permissions',
    DEMO_ROLES.flatMap((role) =>
      Object.entries(role.grants).map(([name, value]) => {
        const id = permissionId.get(name);
        if (id === undefined) throw new Error(`demo role ${role.name} grants unknown permission ${name}`);
        return { id: ++grantId, role_id: role.id, permission_id: id, value };
      }),
    ),
  );
  // One hash each, so no two users share a salt (and equal passwords do not show as equal hashes).
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await insertAll(
    db,
    'users',
    DEMO_USERS.map((user, index) => ({
      id: user.id,
      name: user.name,
      email_address: user.email,
      password_hash: passwordHashes[index],
      organisation_id: user.organisation,
      admin: user.admin ?? false,
      root: user.root ?? false,
      two_factor: user.twoFactor ?? false,
      active: !user.disabled,
      verified: !user.unverified,
      password_reset: user.passwordReset ?? false,
      disabled: user.disabled ?? false,
      user_language: 'en',
      timezone: user.timezone,
      timeout: 1800,
    })),
  );
  let userRoleId = 0;
  await insertAll(
    db,
    'user_roles',
    DEMO_USERS.flatMap((user) => user.roles.map((role) => ({ id: ++userRoleId, user_id: user.id, role_id: role }))),
  );
}

async function seedRatePlans(db: Knex, products: { id: number; product: DemoSubscriptionProduct }[]): Promise<void> {
  const plans: Record<string, unknown>[] = [];
  const charges: Record<string, unknown>[] = [];
  const costs: Record<string, unknown>[] = [];
  for (const { id: productId, product } of products) {
    product.plans.forEach((plan, position) => {
      const planId = plans.length + 1;
      plans.push({
        id: planId,
        product_id: productId,
        name: plan.name,
        is_default: plan.isDefault ?? false,
        billing_frequency: plan.billing,
        term_length: plan.termMonths,
        min_quantity: plan.min ?? null,
        max_quantity: plan.max ?? null,
        position,
      });
      plan.charges.forEach((charge, chargePosition) => {
        const chargeId = charges.length + 1;
        charges.push({
          id: chargeId,
          rate_plan_id: planId,
          name: charge.name,
          charge_type: charge.type,
          charge_model: charge.model,
          unit_of_measure: charge.unit ?? null,
          position: chargePosition,
        });
        for (const tier of charge.tiers) {
          for (const [currency, factor] of [
            ['GBP', new Decimal(1)],
            ['EUR', EUR_PER_GBP],
          ] as const) {
            costs.push({
              id: costs.length + 1,
              rate_plan_charge_id: chargeId,
              currency,
              charge_cost_price: unitCost(new Decimal(tier.gbp).times(factor)),
              starting_unit: tier.from ?? null,
              ending_unit: tier.to ?? null,
            });
          }
        }
      });
    });
  }
  await insertAll(db, 'rate_plans', plans);
  await insertAll(db, 'rate_plan_charges', charges);
  await insertAll(db, 'rate_plan_charge_costs', costs);
}

async function seedCatalogue(db: Knex): Promise<void> {
  await insertAll(db, 'vendors', DEMO_VENDORS);
  await insertAll(db, 'product_types', DEMO_PRODUCT_TYPES);
  const all: DemoProduct[] = [...DEMO_PRODUCTS, ...DEMO_SUBSCRIPTIONS, ...DEMO_OPTION_PRODUCTS, ...DEMO_ZOOM_CONFIGURATION];
  const idOf = new Map(all.map((product, index) => [product.code, index + 1]));
  await insertAll(
    db,
    'products',
    all.map((product, index) => productRow(index + 1, product)),
  );
  let priceId = 0;
  await insertAll(
    db,
    'price_list_items',
    all.flatMap((product, index) => priceRows(index + 1, product, () => ++priceId)),
  );
  await insertAll(
    db,
    'product_options',
    DEMO_PRODUCT_OPTIONS.map(([productCode, optionCode, kind, dovetail], index) => ({
      id: index + 1,
      product_id: idOf.get(productCode),
      option_product_id: idOf.get(optionCode),
      kind,
      dovetail,
    })),
  );
  await seedRatePlans(
    db,
    [...DEMO_SUBSCRIPTIONS, ...DEMO_ZOOM_CONFIGURATION].map((product) => ({ id: idOf.get(product.code)!, product })),
  );
}

const SEEDED_TABLES = [
  'price_lists',
  'organisations',
  'permissions',
  'roles',
  'role_permissions',
  'users',
  'user_roles',
  'vendors',
  'product_types',
  'products',
  'price_list_items',
  'product_options',
  'rate_plans',
  'rate_plan_charges',
  'rate_plan_charge_costs',
  ...BILLING_TABLES,
  ...ORDER_TABLES,
  ...BACKOFFICE_TABLES,
];

/**
 * Loads the demo data into an empty database (demo only: the users share a published password).
 * Does nothing when any organisation exists already.
 */
export async function seedDemo(db: Knex, options: { hashPassword: (plain: string) => Promise<string> }): Promise<void> {
  const existing = await db('organisations').count({ n: '*' }).first();
  if (Number(existing?.['n'] ?? 0) > 0) return;
  await db.transaction(async (trx) => {
    await seedOrganisationsAndUsers(trx, options.hashPassword);
    await seedCatalogue(trx);
    await seedOrders(trx);
    await seedBilling(trx);
    await linkChangeOrders(trx);
    await seedBackoffice(trx);
    await syncSequences(trx, SEEDED_TABLES);
    await bumpDataVersion(trx, 'catalogue');
    await bumpDataVersion(trx, ACCESS_VERSION);
    await bumpDataVersion(trx, 'orders');
  });
}
