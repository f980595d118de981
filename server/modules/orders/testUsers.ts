import type { Knex } from 'knex';
import type { TestClient, TestServer } from '../../testing/testServer';

export const BUYER = 'buyer@customer.example';
export const EU_BUYER = 'buyer@eu-customer.example';
export const RESELLER_ADMIN = 'admin@reseller.example';
export const OTHER_RESELLER_SALES = 'sales@other-reseller.example';
/** A Customer Co user with no role: signed in, but without any permission. */
export const NO_ROLE_USER = 'no-role@customer.example';

/** Adds NO_ROLE_USER, sharing the demo password of the buyer (whose hash the seed stored). */
export async function addUserWithoutRoles(db: Knex): Promise<void> {
  const { id: _buyerId, ...buyer } = (await db('users').where('email_address', BUYER).first()) as Record<string, unknown>;
  await db('users').insert({ ...buyer, name: 'Nora No Role', email_address: NO_ROLE_USER });
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
