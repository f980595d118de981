import type { Knex } from 'knex';
import type { TestClient, TestServer } from './testServer';
import { writeVersionedRows } from './versionedRows';

export const BUYER = 'buyer@customer.example';
export const EU_BUYER = 'buyer@eu-customer.example';
/** Customer Co's demo user with order:checkout but not order:modify_draft (000 §6: checks baskets out, edits none). */
export const CHECKOUT_ONLY = 'checkout@customer.example';
export const RESELLER_ADMIN = 'admin@reseller.example';
export const OTHER_RESELLER_SALES = 'sales@other-reseller.example';
export const ROOT_ADMIN = 'admin@supplier.example';
/** A distributor user with the root flag but no role and not admin: root without quote:view. */
export const ROOT_NO_ROLE_USER = 'root-no-role@supplier.example';
/** A distributor root user, not admin, with the "Reseller sales" role (quote:view among others). */
export const ROOT_SALES_USER = 'root-sales@supplier.example';
/** A Customer Co user with no role: signed in, but without any permission. */
export const NO_ROLE_USER = 'no-role@customer.example';

/** Adds NO_ROLE_USER, sharing the demo password of the buyer (whose hash the seed stored). */
export async function addUserWithoutRoles(db: Knex): Promise<void> {
  const { id: _buyerId, ...buyer } = (await db('users').where('email_address', BUYER).first()) as Record<string, unknown>;
  await writeVersionedRows(db, (trx) => trx('users').insert({ ...buyer, name: 'Nora No Role', email_address: NO_ROLE_USER }));
}

/** Adds ROOT_NO_ROLE_USER and ROOT_SALES_USER beside the root admin, sharing the demo password. */
export async function addRootUsers(db: Knex): Promise<void> {
  const { id: _rootId, ...root } = (await db('users').where('email_address', ROOT_ADMIN).first()) as Record<string, unknown>;
  await writeVersionedRows(db, async (trx) => {
    await trx('users').insert({ ...root, admin: false, name: 'Rory Root', email_address: ROOT_NO_ROLE_USER });
    await trx('users').insert({ ...root, admin: false, name: 'Sally Sales', email_address: ROOT_SALES_USER });
    const sales = (await trx('users').where('email_address', ROOT_SALES_USER).first('id')) as { id: number };
    const role = (await trx('roles').where('name', 'Reseller sales').first('id')) as { id: number };
    await trx('user_roles').insert({ user_id: sales.id, role_id: role.id });
  });
}

export async function signedIn(server: TestServer, email: string): Promise<TestClient> {
  const client = server.client();
  const login = await client.login(email);
  if (login.status !== 200) throw new Error(`${email} could not sign in: ${login.status} ${login.text}`);
  return client;
}

export interface Row {
  id: number;
  [field: string]: unknown;
}

export const idsOf = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);
