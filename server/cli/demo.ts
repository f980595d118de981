import type { Knex } from 'knex';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_LOGINS = [
  { email: 'admin@supplier.example', role: 'root admin of the distributor' },
  { email: 'admin@reseller.example', role: 'admin of a reseller (GBP)' },
  { email: 'buyer@customer.example', role: 'buyer at a customer of that reseller (GBP, finance)' },
  { email: 'buyer@eu-customer.example', role: 'buyer at a EUR customer (no finance)' },
  { email: 'checkout@customer.example', role: 'checks out Customer Co baskets, cannot edit them' },
  { email: 'staff@supplier.example', role: 'supplier staff: root, neither admin nor any role' },
] as const;

/** Loads the demo data into an empty database; true when it did. */
export async function seedDemoIfEmpty(db: Knex): Promise<boolean> {
  const existing = await db('organisations').count({ n: '*' }).first();
  if (Number(existing?.['n'] ?? 0) > 0) return false;
  // The demo data (and the YAML parser it reads permissions with) load only for an empty database.
  const { seedDemo } = await import('../../seeds/demo');
  await seedDemo(db, { hashPassword });
  return true;
}
