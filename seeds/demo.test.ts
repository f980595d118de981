import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestDatabase, cachedHash, type TestDatabase } from '../server/testing/testDatabase';
import { hashPassword, verifyPassword } from '../server/modules/auth/passwords';
import { seedDemo } from './demo';
import { DEMO_FEATURES } from './demo/features';
import { writeVersionedRows } from '../server/testing/versionedRows';

const count = async (database: TestDatabase, table: string, where: Record<string, unknown> = {}) =>
  Number((await database.db(table).where(where).count({ n: '*' }).first())?.['n'] ?? 0);

describe('demo data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('has the catalogue the store needs: 60+ products, 8+ vendors, 5 types, both currencies', async () => {
    expect(await count(database, 'products', { show_in_webstore: true })).toBeGreaterThanOrEqual(60);
    expect(await count(database, 'vendors')).toBeGreaterThanOrEqual(8);
    expect(await count(database, 'product_types')).toBe(5);
    const priced: { currency: string }[] = await database
      .db('price_list_items as pli')
      .join('price_lists as pl', 'pl.id', 'pli.price_list_id')
      .where('pl.is_default', true)
      .whereNotNull('pli.price')
      .distinct('pl.currency');
    expect(priced.map((row) => row.currency).sort()).toEqual(['EUR', 'GBP']);
  });

  it('covers every case a product can be in', async () => {
    const products = await database.db('products').select();
    const has = (predicate: (row: Record<string, unknown>) => boolean) => products.some(predicate);
    expect(has((p) => p['stock'] === '0')).toBe(true);
    expect(has((p) => /^[0-9]+$/.test(String(p['stock'])) && p['stock'] !== '0')).toBe(true);
    expect(has((p) => typeof p['stock'] === 'string' && !/^[0-9]+$/.test(p['stock']))).toBe(true);
    for (const flag of ['is_financeable', 'is_shippable', 'draft']) expect(has((p) => Boolean(p[flag]))).toBe(true);
    expect(has((p) => !p['active'])).toBe(true);
    expect(has((p) => !p['show_in_webstore'])).toBe(true);
    expect(has((p) => p['vendor_id'] === null && Boolean(p['show_in_webstore']))).toBe(true);
    expect(has((p) => p['product_type_id'] === null && Boolean(p['show_in_webstore']))).toBe(true);
    const onRequest = await database
      .db('price_list_items as pli')
      .join('products as p', 'p.id', 'pli.product_id')
      .whereNull('pli.price')
      .where('p.show_in_webstore', true)
      .whereNull('p.subscription_type')
      .first('p.id');
    expect(onRequest).toBeDefined();
    expect(await count(database, 'product_options', { kind: 'MAINTENANCE' })).toBeGreaterThan(0);
    expect(await count(database, 'product_options', { kind: 'PROVISIONING', dovetail: true })).toBeGreaterThan(0);
  });

  it('gives every subscription type rate plans, with every billing, charge and tier kind', async () => {
    const types = await database.db('products as p').join('rate_plans as rp', 'rp.product_id', 'p.id').distinct('p.subscription_type');
    expect(types.map((row) => row.subscription_type).sort()).toEqual([
      'ACRONIS',
      'DROPBOX',
      'NUVIAS',
      'SBC_AS_A_SERVICE',
      'STAC_TEAMS',
      'STAC_ZOOM_PHONE',
      'ZOOM',
    ]);
    const billing = (await database.db('rate_plans').distinct('billing_frequency')).map((row) => row.billing_frequency);
    expect(billing).toEqual(expect.arrayContaining(['MONTHLY', 'ANNUALLY']));
    const charges = await database.db('rate_plan_charges').distinct('charge_type', 'charge_model');
    const kinds = charges.map((row) => `${row.charge_type}/${row.charge_model}`);
    expect(kinds).toEqual(expect.arrayContaining(['RECURRING/PER_UNIT', 'RECURRING/VOLUME', 'ONE_OFF/FLAT_FEE', 'USAGE/PER_UNIT']));
    expect(await database.db('rate_plans').whereNotNull('min_quantity').whereNotNull('max_quantity').first()).toBeDefined();
    expect(await database.db('rate_plan_charge_costs').whereNotNull('starting_unit').whereNull('ending_unit').first()).toBeDefined();
    expect(await count(database, 'rate_plan_charge_costs', { currency: 'EUR' })).toBe(
      await count(database, 'rate_plan_charge_costs', { currency: 'GBP' }),
    );
  });

  it('has the four demo logins, with the password that the README gives', async () => {
    const users = await database
      .db('users')
      .whereIn('email_address', [
        'admin@supplier.example',
        'admin@reseller.example',
        'buyer@customer.example',
        'buyer@eu-customer.example',
      ]);
    expect(users).toHaveLength(4);
    for (const user of users) expect(await verifyPassword('demo-password', user.password_hash)).toBe(true);
  });

  it('gives every demo user a salt of its own (issue 10, finding 3)', async () => {
    // The test databases share one cached hash for speed; the real seed hashes each user anew.
    // Real scrypt at a low cost: the salts are the point here, and a loaded machine took 30 s
    // for the production cost.
    const own = await createTestDatabase({ demo: false });
    try {
      await seedDemo(own.db, { hashPassword: (plain) => hashPassword(plain, { N: 2 ** 10, r: 8, p: 1 }) });
      const hashes = (await own.db('users').pluck('password_hash')) as string[];
      const salts = hashes.map((hash) => hash.split('$')[4]);
      expect(new Set(salts).size).toBe(hashes.length);
      expect(await verifyPassword('demo-password', hashes[hashes.length - 1]!)).toBe(true);
    } finally {
      await own.drop();
    }
  });

  it('builds an organisation tree whose paths match its parents', async () => {
    const organisations = await database.db('organisations').select('id', 'parent_id', 'tree_path', 'depth');
    const byId = new Map(organisations.map((row) => [Number(row.id), row]));
    for (const organisation of organisations) {
      const parent = organisation.parent_id === null ? undefined : byId.get(Number(organisation.parent_id));
      expect(organisation.tree_path).toBe(`${parent?.tree_path ?? '/'}${organisation.id}/`);
      expect(Number(organisation.depth)).toBe(parent ? Number(parent.depth) + 1 : 0);
    }
    expect(Math.max(...organisations.map((row) => Number(row.depth)))).toBeGreaterThanOrEqual(3);
  });

  it('has one permission per entry of spec/permissions.yaml', async () => {
    const spec = parse(readFileSync(new URL('../spec/permissions.yaml', import.meta.url), 'utf8')) as { permissions: { name: string }[] };
    const stored = await database.db('permissions').orderBy('name').pluck('name');
    expect(stored).toEqual(spec.permissions.map((permission) => permission.name).sort());
  });

  it('builds the organisations the scope rules are tested with', async () => {
    const byName = new Map((await database.db('organisations').select()).map((row) => [row.name as string, row]));
    const reseller = byName.get('Reseller Partners UK Ltd');
    const customer = byName.get('Customer Co Ltd');
    expect(JSON.parse(byName.get('Supplier Distribution Ltd')?.subscribed_modules)).toEqual(['WEBSTORE', 'DOVETAIL']);
    expect([reseller?.finance_type, Boolean(reseller?.can_create_resellers)]).toEqual(['RESELLER', true]);
    expect([customer?.finance_type, Boolean(customer?.po_number_required)]).toEqual(['AGENT', true]);
    expect([byName.get('EU Customer GmbH')?.currency, byName.get('EU Customer GmbH')?.finance_type]).toEqual(['EUR', null]);
    expect(Number(byName.get('Customer Co Branch')?.depth)).toBe(3);
    const otherCustomer = byName.get('Other Customer Ltd');
    expect(otherCustomer?.tree_path.startsWith(reseller?.tree_path)).toBe(false);
    expect(otherCustomer?.tree_path.startsWith(byName.get('Other Reseller Ltd')?.tree_path)).toBe(true);
  });

  it('prices from an assigned list for the reseller, below the default list', async () => {
    const defaults = await database.db('price_lists').where('is_default', true).orderBy('currency').pluck('currency');
    expect(defaults).toEqual(['EUR', 'GBP']);
    const reseller = await database.db('organisations').where('name', 'Reseller Partners UK Ltd').first('assigned_price_list_id');
    const assigned = await database.db('price_lists').where('id', reseller.assigned_price_list_id).first();
    expect([assigned.currency, Boolean(assigned.is_default)]).toEqual(['GBP', false]);
    const cheaper = await database
      .db('price_list_items as own')
      .join('price_list_items as standard', 'standard.product_id', 'own.product_id')
      .join('price_lists as pl', 'pl.id', 'standard.price_list_id')
      .where({ 'own.price_list_id': assigned.id, 'pl.currency': 'GBP', 'pl.is_default': true })
      .whereRaw('own.price < standard.price')
      .count({ n: '*' })
      .first();
    expect(Number(cheaper?.['n'])).toBeGreaterThan(0);
  });

  it('prices everything priced in both currencies, retail above buy', async () => {
    const rows = await database
      .db('price_list_items as pli')
      .join('price_lists as pl', 'pl.id', 'pli.price_list_id')
      .where('pl.is_default', true)
      .select('pli.product_id', 'pl.currency', 'pli.price', 'pli.rrp');
    const priced = (currency: string) =>
      new Set(rows.filter((row) => row.currency === currency && row.price !== null).map((row) => Number(row.product_id)));
    expect([...priced('EUR')].sort()).toEqual([...priced('GBP')].sort());
    for (const row of rows) if (row.price !== null) expect(Number(row.rrp)).toBeGreaterThan(Number(row.price));
  });

  it('gives the demo users their organisations, roles and time zones', async () => {
    const users = await database
      .db('users as u')
      .join('organisations as o', 'o.id', 'u.organisation_id')
      .select('u.*', 'o.name as organisation');
    const byEmail = new Map(users.map((user) => [user.email_address as string, user]));
    const sam = byEmail.get('admin@supplier.example');
    expect([sam?.organisation, Boolean(sam?.root), Boolean(sam?.admin)]).toEqual(['Supplier Distribution Ltd', true, true]);
    expect(Boolean(byEmail.get('buyer@customer.example')?.admin)).toBe(false);
    expect(byEmail.get('buyer@eu-customer.example')?.timezone).toBe('Europe/Berlin');
    expect(users.some((user) => Boolean(user.disabled) && !user.active)).toBe(true);
    expect(users.some((user) => user.organisation === 'Other Reseller Ltd')).toBe(true);
    const grants = async (email: string) =>
      database
        .db('user_roles as ur')
        .join('users as u', 'u.id', 'ur.user_id')
        .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .join('permissions as p', 'p.id', 'rp.permission_id')
        .where('u.email_address', email)
        .select('p.name', 'rp.value');
    const bob = await grants('buyer@customer.example');
    for (const name of ['order:view', 'order:view_draft', 'order:modify_draft', 'order:checkout', 'quote:accept'])
      expect(bob).toContainEqual({ name, value: 2 });
    expect((await grants('buyer@eu-customer.example')).map((grant) => grant.name)).toEqual(['order:view']);
    const buyerRole = await database
      .db('roles as r')
      .join('organisations as o', 'o.id', 'r.organisation_id')
      .where('r.name', 'Buyer')
      .first('o.name');
    expect(buyerRole?.name).toBe('Customer Co Ltd');
    const templates = await database
      .db('roles as r')
      .join('organisations as o', 'o.id', 'r.organisation_id')
      .where('r.template', true)
      .pluck('o.name');
    expect(templates).toEqual(['Supplier Distribution Ltd', 'Supplier Distribution Ltd']);
  });

  it('draws vendors from the register-interest list and writes product text a page can show', async () => {
    const interest = new Set([
      'acronis',
      'audiocodes',
      'bluejeans',
      'cisco',
      'dropbox',
      'dubber',
      'dten',
      'epos',
      'lifesize',
      'logitech',
      'oracle',
      'panasonic',
      'pexip',
      'poly',
      'yealink',
      'zoom',
    ]);
    const vendors = await database.db('vendors').select('name', 'image_url');
    for (const vendor of vendors) expect(interest.has(String(vendor.name).toLowerCase())).toBe(true);
    const products = await database
      .db('products')
      .select('product_code', 'detailed_description', 'featured_description', 'thumb_url', 'popularity');
    const codes = new Set(products.map((product) => product.product_code));
    for (const code of Object.keys(DEMO_FEATURES)) expect(codes.has(code)).toBe(true);
    expect(products.every((product) => String(product.detailed_description).includes('\n'))).toBe(true);
    expect(products.filter((product) => String(product.featured_description ?? '').includes('\n')).length).toBeGreaterThanOrEqual(15);
    expect(new Set(products.map((product) => product.popularity)).size).toBeGreaterThanOrEqual(50);
    // Every image the seed points at is shipped, so no product shows a broken image.
    const images = [...vendors.map((vendor) => vendor.image_url), ...products.map((product) => product.thumb_url)].filter(
      (url): url is string => url !== null,
    );
    expect(images.length).toBeGreaterThan(0);
    for (const url of images) expect(existsSync(new URL(`../public${url}`, import.meta.url))).toBe(true);
  });

  it('gives subscriptions monthly and annual terms, BASE and ADD_ON kinds, and one default among several plans', async () => {
    expect((await database.db('rate_plans').distinct('term_length')).map((row) => Number(row.term_length))).toEqual(
      expect.arrayContaining([12, 24, 36]),
    );
    expect(
      (await database.db('products').whereNotNull('subscription_product_type').distinct('subscription_product_type'))
        .map((row) => row.subscription_product_type)
        .sort(),
    ).toEqual(['ADD_ON', 'BASE']);
    const plans = await database.db('rate_plans').select('product_id', 'is_default');
    const byProduct = new Map<number, typeof plans>();
    for (const plan of plans) byProduct.set(Number(plan.product_id), [...(byProduct.get(Number(plan.product_id)) ?? []), plan]);
    const several = [...byProduct.values()].filter((group) => group.length > 1);
    expect(several.length).toBeGreaterThan(0);
    expect(several.some((group) => group.filter((plan) => Boolean(plan.is_default)).length === 1)).toBe(true);
    const subscriptions = await database.db('products').whereNotNull('subscription_type').select('id', 'is_financeable');
    for (const product of subscriptions) expect(byProduct.has(Number(product.id))).toBe(true);
    expect(new Set(subscriptions.map((product) => Boolean(product.is_financeable)))).toEqual(new Set([true, false]));
  });

  it('hides option products from the store', async () => {
    const options = await database
      .db('product_options as po')
      .join('products as p', 'p.id', 'po.option_product_id')
      .distinct('p.show_in_webstore');
    expect(options.map((row) => Boolean(row.show_in_webstore))).toEqual([false]);
  });

  it('does nothing the second time', async () => {
    const before = await count(database, 'products');
    await seedDemo(database.db, { hashPassword: cachedHash });
    expect(await count(database, 'products')).toBe(before);
  });

  it('leaves id sequences ready for new rows', async () => {
    const [inserted] = await writeVersionedRows(database.db, (trx) => trx('vendors').insert({ name: 'Brand new vendor' }).returning('id'));
    const id = typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
    expect(id).toBeGreaterThan(11);
  });
});
