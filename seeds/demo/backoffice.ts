import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { toScaled } from '../../server/db/scaled';
import { sealFeedPassword, sealTotpSecret } from '../../server/db/secrets';
import { insertAll } from '../insert';
import { DEMO_COUNTRIES, DEMO_TIMEZONES } from './backofficeReference';
import {
  CUSTOMER,
  CUSTOMER_BRANCH,
  DORMANT_CUSTOMER,
  EU_CUSTOMER,
  OTHER_CUSTOMER,
  OTHER_RESELLER,
  RESELLER,
  SUPPLIER,
} from './organisations';

/**
 * Back-office demo data (002): addresses, account managers, linked accounts, product groups,
 * feeds, the audit log, notifications, API clients and actions of the demo users, Dovetail groups
 * and sites, and the time zone and country tables. Timestamps are fixed so the demo is the same
 * on every run.
 */

/** The demo two-factor user's TOTP secret (base32): add it to an authenticator app to sign in as them. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const BACKOFFICE_TABLES = [
  'account_managers',
  'organisation_account_managers',
  'addresses',
  'linked_accounts',
  'catalogues',
  'organisation_template_roles',
  'user_notifications',
  'api_clients',
  'user_totps',
  'user_actions',
  'audit_log_entries',
  'audit_field_changes',
  'product_groups',
  'product_group_products',
  'product_group_relations',
  'feeds',
  'dovetail_groups',
  'dovetail_sites',
  'timezones',
  'countries',
];

const at = (iso: string) => Date.parse(iso);

/**
 * The account managers of the organisations that supply others (002 §2.4): each organisation's
 * supplier account manager is one of its parent's (docs/backoffice.md "Organisation editor").
 */
const ACCOUNT_MANAGERS = [
  {
    id: 1,
    organisation_id: SUPPLIER,
    account_manager_name: 'Alice Account',
    account_manager_email: 'alice@supplier.example',
    account_manager_phone: '020 7946 0001',
  },
  {
    id: 2,
    organisation_id: SUPPLIER,
    account_manager_name: 'Ben Brooks',
    account_manager_email: 'ben@supplier.example',
    account_manager_phone: '020 7946 0002',
  },
  {
    id: 3,
    organisation_id: RESELLER,
    account_manager_name: 'Chloe Channel',
    account_manager_email: 'chloe@reseller.example',
    account_manager_phone: null,
  },
  {
    id: 4,
    organisation_id: OTHER_RESELLER,
    account_manager_name: 'Oscar Outlet',
    account_manager_email: 'oscar@other-reseller.example',
    account_manager_phone: '0117 496 0004',
  },
  {
    id: 5,
    organisation_id: CUSTOMER,
    account_manager_name: 'Carla Cooper',
    account_manager_email: 'carla@customer.example',
    account_manager_phone: null,
  },
];

/** The supplier's account manager of each organisation (one of its parent's), and what sets each one apart (002 §3). */
const ORGANISATION_DETAILS: Record<number, Record<string, unknown>> = {
  // Its quotes need approval (quote:approve) for a line discount above 25 % (docs/quotes.md).
  [SUPPLIER]: {
    billing_account: 'SUP-0001',
    is_linked: true,
    base_url: 'https://hub.supplier.example',
    catalogue_id: 1,
    quote_approval_discount: toScaled('25'),
  },
  [RESELLER]: {
    billing_account: 'RES-1002',
    is_linked: true,
    supplier_account_manager_id: 1,
    orders_require_manual_auth: true,
    order_manual_auth_limit: toScaled('5000.00'),
    nav_bar_colour: '#1f4e79',
    footer_text: 'Reseller Partners UK Ltd, reselling since 2004',
    heading_font: 'Georgia',
    text_body_font: 'Arial',
    catalogue_id: 2,
  },
  [CUSTOMER]: { supplier_account_manager_id: 3 },
  [EU_CUSTOMER]: { supplier_account_manager_id: 3, on_credit_hold: true },
  [OTHER_RESELLER]: { supplier_account_manager_id: 2, is_on_hold: true },
  [OTHER_CUSTOMER]: { supplier_account_manager_id: 4 },
  [CUSTOMER_BRANCH]: { supplier_account_manager_id: 5 },
  [DORMANT_CUSTOMER]: { supplier_account_manager_id: 4 },
};

const ADDRESSES = [
  {
    organisation_id: SUPPLIER,
    name: 'Head office',
    company_name: 'Supplier Distribution Ltd',
    recipient_name: 'Goods in',
    addr_line_1: '1 Distribution Way',
    addr_line_2: 'Park Royal',
    city: 'London',
    region: 'Greater London',
    postal_code: 'NW10 7AA',
    country_code: 'GB',
  },
  {
    organisation_id: RESELLER,
    name: 'Registered office',
    company_name: 'Reseller Partners UK Ltd',
    recipient_name: 'Accounts',
    addr_line_1: '22 Channel Street',
    addr_line_2: null,
    city: 'Manchester',
    region: null,
    postal_code: 'M1 4BT',
    country_code: 'GB',
  },
  {
    organisation_id: RESELLER,
    name: 'Warehouse',
    company_name: 'Reseller Partners UK Ltd',
    recipient_name: 'Stores',
    addr_line_1: 'Unit 4, Trafford Park',
    addr_line_2: 'Westinghouse Road',
    city: 'Manchester',
    region: null,
    postal_code: 'M17 1PY',
    country_code: 'GB',
  },
  {
    organisation_id: CUSTOMER,
    name: 'Head office',
    company_name: 'Customer Co Ltd',
    recipient_name: 'Facilities',
    addr_line_1: '5 Market Square',
    addr_line_2: null,
    city: 'Leeds',
    region: 'West Yorkshire',
    postal_code: 'LS1 6DT',
    country_code: 'GB',
  },
  {
    organisation_id: CUSTOMER_BRANCH,
    name: 'Dublin branch',
    company_name: 'Customer Co Ltd',
    recipient_name: 'Reception',
    addr_line_1: '10 Grand Canal Quay',
    addr_line_2: null,
    city: 'Dublin',
    region: null,
    postal_code: 'D02 X576',
    country_code: 'IE',
  },
  {
    organisation_id: EU_CUSTOMER,
    name: 'Zentrale',
    company_name: 'EU Customer GmbH',
    recipient_name: 'Einkauf',
    addr_line_1: 'Friedrichstraße 100',
    addr_line_2: null,
    city: 'Berlin',
    region: null,
    postal_code: '10117',
    country_code: 'DE',
  },
  {
    organisation_id: OTHER_RESELLER,
    name: 'Office',
    company_name: 'Other Reseller Ltd',
    recipient_name: null,
    addr_line_1: '3 Harbour Road',
    addr_line_2: null,
    city: 'Bristol',
    region: null,
    postal_code: 'BS1 5TT',
    country_code: 'GB',
  },
];

const LINKED_ACCOUNTS = [
  { id: 1, organisation_id: SUPPLIER, name: 'Supplier Distribution Ltd (GBP)', currency: 'GBP' },
  { id: 2, organisation_id: RESELLER, name: 'Reseller Partners UK Ltd (GBP)', currency: 'GBP' },
  { id: 3, organisation_id: RESELLER, name: 'Reseller Partners UK Ltd (EUR)', currency: 'EUR' },
];

/** Feeds of each delivery method, active and not, for the organisations with linked accounts. */
const FEEDS = [
  {
    id: 1,
    name: 'Daily price file',
    organisation_id: RESELLER,
    active: true,
    timeslot: 360,
    delivery_method: 'EMAIL',
    delivery_email: 'pricing@reseller.example',
    filename: 'reseller-prices.csv',
    columns: ['name', 'price', 'rrp', 'stock'],
    last_upload: at('2026-11-20T06:00:00Z'),
  },
  {
    id: 2,
    name: 'Warehouse stock (SFTP)',
    organisation_id: RESELLER,
    active: false,
    timeslot: 1380,
    delivery_method: 'FTP',
    delivery_server: 'sftp.reseller.example',
    delivery_user: 'hubfeed',
    ftp_server_protocol: 'SFTP',
    ftp_server_port: 22,
    filename: 'stock.csv',
    columns: ['name', 'stock', 'ean'],
    delimiter: 'SEMI_COLON',
    escape_method: 'ESCAPED',
    last_upload: at('2026-10-02T23:00:00Z'),
  },
  {
    id: 3,
    name: 'Stock in the Channel',
    organisation_id: RESELLER,
    active: true,
    timeslot: 0,
    delivery_method: 'SITC',
    sitc_confirm: true,
    sitc_filename: 'reseller partners uk ltd.csv',
    columns: ['name', 'mpn', 'price', 'vendor', 'ean'],
  },
  {
    id: 4,
    name: 'Partner catalogue (FTPS)',
    organisation_id: SUPPLIER,
    active: true,
    timeslot: 120,
    delivery_method: 'FTP',
    delivery_server: 'ftp.partner.example',
    delivery_user: 'supplier',
    ftp_server_protocol: 'FTPS',
    ftp_server_port: 990,
    filename: 'catalogue.csv',
    columns: ['name', 'mpn', 'price', 'rrp', 'vendor', 'ean', 'stock'],
  },
  {
    id: 5,
    name: 'Weekly summary',
    organisation_id: SUPPLIER,
    active: false,
    timeslot: 480,
    delivery_method: 'EMAIL',
    delivery_email: 'reports@supplier.example',
    filename: 'summary.csv',
    columns: ['name'],
    show_headers: false,
  },
  {
    id: 6,
    name: 'SITC (unconfirmed)',
    organisation_id: SUPPLIER,
    active: false,
    timeslot: 30,
    delivery_method: 'SITC',
    sitc_confirm: false,
    sitc_filename: 'supplier distribution ltd.csv',
    columns: ['name', 'stock'],
  },
];

const PRODUCT_GROUPS = [
  {
    id: 1,
    name: 'Zoom Workplace plans',
    description: 'Zoom base plans sold per licence',
    subscription_type: 'ZOOM',
    subscription_product_type: 'BASE',
    status: 'LIVE',
    grading: 1,
  },
  {
    id: 2,
    name: 'Zoom add-ons',
    description: 'Large meetings, webinars and rooms for Zoom plans',
    subscription_type: 'ZOOM',
    subscription_product_type: 'ADD_ON',
    status: 'LIVE',
    grading: 2,
  },
  {
    id: 3,
    name: 'Dropbox business',
    description: 'Dropbox team plans',
    subscription_type: 'DROPBOX',
    subscription_product_type: 'BASE',
    status: 'LIVE',
    grading: 3,
  },
  {
    id: 4,
    name: 'Acronis backup bundles',
    description: 'Work in progress: backup bundles',
    subscription_type: 'ACRONIS',
    subscription_product_type: 'BASE',
    status: 'DRAFT',
    grading: 5,
  },
  {
    id: 5,
    name: 'Meeting room hardware',
    description: 'Video bars, cameras and accessories',
    subscription_type: null,
    subscription_product_type: null,
    status: 'DRAFT',
    grading: null,
  },
];

const NOTIFICATION_TYPES = [
  'buy_price_increased',
  'checkout_requested',
  'order_created',
  'order_requires_manual_auth',
  'order_status_changed',
  'quote_amended',
  'quote_created',
  'quote_expiry_warning',
];
const NOTIFICATIONS_OF_USER: Record<number, string[]> = {
  1: NOTIFICATION_TYPES,
  2: NOTIFICATION_TYPES,
  3: ['order_created', 'order_status_changed', 'quote_created', 'quote_expiry_warning'],
  4: ['order_status_changed'],
  6: ['quote_created', 'quote_amended'],
};

function feedRow(feed: (typeof FEEDS)[number]): Record<string, unknown> {
  return {
    show_empty_stock: false,
    delivery_email: null,
    delivery_server: null,
    delivery_user: null,
    delivery_password: null,
    ftp_server_protocol: 'FTP',
    ftp_server_port: 21,
    filename: null,
    sitc_confirm: false,
    sitc_filename: null,
    show_headers: true,
    delimiter: 'COMMA',
    escape_method: 'QUOTED',
    last_upload: null,
    ...feed,
    // A demo password that opens nothing, sealed as every stored delivery password is.
    ...(feed.delivery_method === 'FTP' && { delivery_password: sealFeedPassword('demo-not-a-secret') }),
    columns: JSON.stringify(feed.columns),
  };
}

async function seedProductGroupProducts(db: Knex): Promise<void> {
  const products = (await db('products')
    .whereNotNull('subscription_type')
    .select('id', 'subscription_type', 'subscription_product_type')) as {
    id: number;
    subscription_type: string;
    subscription_product_type: string | null;
  }[];
  const members = PRODUCT_GROUPS.flatMap((group) =>
    group.subscription_type === null
      ? []
      : products
          .filter(
            (product) =>
              product.subscription_type === group.subscription_type &&
              product.subscription_product_type === group.subscription_product_type,
          )
          .map((product) => ({ product_group_id: group.id, product_id: Number(product.id) })),
  );
  await insertAll(
    db,
    'product_group_products',
    members.map((member, index) => ({ id: index + 1, ...member })),
  );
  await insertAll(db, 'product_group_relations', [{ id: 1, product_group_id: 1, related_product_group_id: 2 }]);
}

async function seedAuditLog(db: Knex): Promise<void> {
  await insertAll(db, 'audit_log_entries', [
    {
      id: 1,
      entity_type: 'organisation',
      entity_id: RESELLER,
      timestamp: at('2026-09-01T09:30:00Z'),
      ip_address: '203.0.113.10',
      action: 'UPDATE',
      user_id: 1,
      on_behalf_id: null,
    },
    {
      id: 2,
      entity_type: 'role',
      entity_id: 3,
      timestamp: at('2026-08-15T14:00:00Z'),
      ip_address: '203.0.113.10',
      action: 'CREATE',
      user_id: 1,
      on_behalf_id: null,
    },
    {
      id: 3,
      entity_type: 'feed',
      entity_id: 1,
      timestamp: at('2026-10-12T08:05:00Z'),
      ip_address: '198.51.100.7',
      action: 'UPDATE',
      user_id: 2,
      on_behalf_id: null,
    },
    {
      id: 4,
      entity_type: 'user',
      entity_id: 5,
      timestamp: at('2026-07-30T16:45:00Z'),
      ip_address: '198.51.100.7',
      action: 'DISABLE',
      user_id: 2,
      on_behalf_id: null,
    },
    {
      id: 5,
      entity_type: 'product_group',
      entity_id: 1,
      timestamp: at('2026-06-03T11:20:00Z'),
      ip_address: '203.0.113.10',
      action: 'UPDATE',
      user_id: 1,
      on_behalf_id: null,
    },
    {
      id: 6,
      entity_type: 'organisation',
      entity_id: CUSTOMER,
      timestamp: at('2026-11-02T10:00:00Z'),
      ip_address: '203.0.113.10',
      action: 'UPDATE',
      user_id: 3,
      on_behalf_id: 1,
    },
    // So that every kind of record the back office shows has an audit log in the demo.
    {
      id: 7,
      entity_type: 'role',
      entity_id: 1,
      timestamp: at('2026-09-20T13:15:00Z'),
      ip_address: '198.51.100.7',
      action: 'UPDATE',
      user_id: 2,
      on_behalf_id: null,
    },
    {
      id: 8,
      entity_type: 'user',
      entity_id: 3,
      timestamp: at('2026-03-04T10:30:00Z'),
      ip_address: '198.51.100.7',
      action: 'CREATE',
      user_id: 2,
      on_behalf_id: null,
    },
    {
      id: 9,
      entity_type: 'feed',
      entity_id: 4,
      timestamp: at('2026-05-18T07:45:00Z'),
      ip_address: '203.0.113.10',
      action: 'CREATE',
      user_id: 1,
      on_behalf_id: null,
    },
    // 001 §2 order audit: Customer Co's shipped order 6 (placed, then moved on by the supplier,
    // once in an emulated session), its order 1, and the EU customer's order 3.
    {
      id: 10,
      entity_type: 'order',
      entity_id: 6,
      timestamp: at('2026-01-20T09:30:00Z'),
      ip_address: '203.0.113.20',
      action: 'CREATE',
      user_id: 3,
      on_behalf_id: null,
    },
    {
      id: 11,
      entity_type: 'order',
      entity_id: 6,
      timestamp: at('2026-01-21T11:00:00Z'),
      ip_address: '198.51.100.7',
      action: 'UPDATE',
      user_id: 1,
      on_behalf_id: null,
    },
    {
      id: 12,
      entity_type: 'order',
      entity_id: 6,
      timestamp: at('2026-01-22T15:10:00Z'),
      ip_address: '203.0.113.10',
      action: 'UPDATE',
      user_id: 3,
      on_behalf_id: 2,
    },
    {
      id: 13,
      entity_type: 'order',
      entity_id: 1,
      timestamp: at('2026-01-05T09:30:00Z'),
      ip_address: '203.0.113.20',
      action: 'CREATE',
      user_id: 3,
      on_behalf_id: null,
    },
    {
      id: 14,
      entity_type: 'order',
      entity_id: 3,
      timestamp: at('2026-01-11T10:00:00Z'),
      ip_address: '192.0.2.44',
      action: 'CREATE',
      user_id: 4,
      on_behalf_id: null,
    },
  ]);
  await insertAll(db, 'audit_field_changes', [
    { id: 1, entry_id: 1, field: 'orders_require_manual_auth', old_value: 'false', new_value: 'true' },
    { id: 2, entry_id: 1, field: 'order_manual_auth_limit', old_value: null, new_value: '5000.00' },
    { id: 3, entry_id: 3, field: 'timeslot', old_value: '300', new_value: '360' },
    { id: 4, entry_id: 4, field: 'disabled', old_value: 'false', new_value: 'true' },
    { id: 5, entry_id: 5, field: 'status', old_value: 'DRAFT', new_value: 'LIVE' },
    { id: 6, entry_id: 6, field: 'po_number_required', old_value: 'false', new_value: 'true' },
    { id: 7, entry_id: 7, field: 'name', old_value: 'Buyers', new_value: 'Buyer' },
    { id: 8, entry_id: 8, field: 'email_address', old_value: null, new_value: 'buyer@customer.example' },
    { id: 9, entry_id: 9, field: 'delivery_method', old_value: null, new_value: 'FTP' },
    { id: 10, entry_id: 11, field: 'status', old_value: 'PROCESSING', new_value: 'SHIPPED' },
    { id: 11, entry_id: 11, field: 'supplier_ref', old_value: null, new_value: 'SO700006' },
    { id: 12, entry_id: 12, field: 'purchase_order_number', old_value: 'PO-3-6-OLD', new_value: 'PO-3-6' },
  ]);
}

async function seedUserExtras(db: Knex): Promise<void> {
  const notifications = Object.entries(NOTIFICATIONS_OF_USER).flatMap(([user, types]) =>
    types.map((type) => ({ user_id: Number(user), type })),
  );
  await insertAll(
    db,
    'user_notifications',
    notifications.map((row, index) => ({ id: index + 1, ...row })),
  );
  await insertAll(db, 'api_clients', [
    {
      id: 1,
      user_id: 2,
      name: 'Reseller ERP',
      client_id: 'rp-erp-7f3a9c',
      secret_hash: createHash('sha256').update('rp-erp-7f3a9c demo secret').digest('hex'),
      created_at: at('2026-05-10T12:00:00Z'),
    },
    {
      id: 2,
      user_id: 1,
      name: 'Supplier integration',
      client_id: 'sup-int-41d2e8',
      secret_hash: createHash('sha256').update('sup-int-41d2e8 demo secret').digest('hex'),
      created_at: at('2026-02-14T09:00:00Z'),
    },
  ]);
  // Tara Twofactor's authenticator (README: the demo's two-factor login), sealed as any TOTP secret.
  await insertAll(db, 'user_totps', [{ id: 1, user_id: 9, secret: sealTotpSecret(DEMO_TOTP_SECRET), confirmed: true, last_step: null }]);
  await insertAll(db, 'user_actions', [
    {
      id: 1,
      user_id: 1,
      timestamp: at('2026-11-02T09:58:00Z'),
      ip_address: '203.0.113.10',
      action: 'EMULATE',
      on: 'user 3',
      on_behalf_id: null,
    },
    {
      id: 2,
      user_id: 3,
      timestamp: at('2026-11-02T10:00:00Z'),
      ip_address: '203.0.113.10',
      action: 'UPDATE',
      on: 'organisation 3',
      on_behalf_id: 1,
    },
    {
      id: 3,
      user_id: 3,
      timestamp: at('2026-11-10T08:12:00Z'),
      ip_address: '192.0.2.44',
      action: 'CREATE',
      on: 'order 1',
      on_behalf_id: null,
    },
    {
      id: 4,
      user_id: 2,
      timestamp: at('2026-10-12T08:05:00Z'),
      ip_address: '198.51.100.7',
      action: 'UPDATE',
      on: 'feed 1',
      on_behalf_id: null,
    },
    {
      id: 5,
      user_id: 2,
      timestamp: at('2026-07-30T16:45:00Z'),
      ip_address: '198.51.100.7',
      action: 'DISABLE',
      on: 'user 5',
      on_behalf_id: null,
    },
  ]);
}

export async function seedBackoffice(db: Knex): Promise<void> {
  await insertAll(
    db,
    'timezones',
    DEMO_TIMEZONES.map((zone, index) => ({ id: index + 1, ...zone })),
  );
  await insertAll(
    db,
    'countries',
    DEMO_COUNTRIES.map((country, index) => ({ id: index + 1, ...country })),
  );
  await insertAll(db, 'account_managers', ACCOUNT_MANAGERS);
  await insertAll(db, 'catalogues', [
    { id: 1, name: 'Supplier master catalogue', organisation_id: SUPPLIER },
    { id: 2, name: 'Reseller partner catalogue', organisation_id: RESELLER },
  ]);
  for (const [id, details] of Object.entries(ORGANISATION_DETAILS)) await db('organisations').where('id', Number(id)).update(details);
  await insertAll(
    db,
    'addresses',
    ADDRESSES.map((address, index) => ({ id: index + 1, ...address })),
  );
  await insertAll(db, 'linked_accounts', LINKED_ACCOUNTS);
  await insertAll(db, 'organisation_template_roles', [
    { id: 1, organisation_id: RESELLER, role_id: 3 },
    { id: 2, organisation_id: RESELLER, role_id: 4 },
    { id: 3, organisation_id: OTHER_RESELLER, role_id: 4 },
  ]);
  await db('roles').update({ created_at: at('2026-01-05T09:00:00Z'), created_by_id: 1, updated_at: at('2026-08-15T14:00:00Z') });
  await insertAll(
    db,
    'product_groups',
    PRODUCT_GROUPS.map((group) => ({ detailed_description: null, ...group })),
  );
  await seedProductGroupProducts(db);
  await insertAll(db, 'feeds', FEEDS.map(feedRow));
  await seedAuditLog(db);
  await seedUserExtras(db);
  await insertAll(db, 'dovetail_groups', [
    { id: 1, organisation_id: CUSTOMER, name: 'Leeds meeting rooms' },
    { id: 2, organisation_id: CUSTOMER_BRANCH, name: 'Dublin meeting rooms' },
    { id: 3, organisation_id: SUPPLIER, name: 'Demo centre' },
    { id: 4, organisation_id: OTHER_CUSTOMER, name: 'Other Customer rooms' },
  ]);
  await insertAll(db, 'dovetail_sites', [
    { id: 1, organisation_id: CUSTOMER, name: 'Leeds HQ' },
    { id: 2, organisation_id: CUSTOMER_BRANCH, name: 'Dublin Grand Canal' },
    { id: 3, organisation_id: SUPPLIER, name: 'London demo centre' },
    { id: 4, organisation_id: OTHER_CUSTOMER, name: 'Other Customer office' },
  ]);
}
