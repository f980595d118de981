import type { Knex } from 'knex';
import type { SessionUser } from '../auth/sessionUser';

export interface PriceListChoice {
  id: number | null;
  currency: 'GBP' | 'EUR';
}

/** The default list of a currency: the public store's and any organisation's without its own. */
export async function defaultPriceList(db: Knex, currency: 'GBP' | 'EUR'): Promise<PriceListChoice> {
  const row = await db('price_lists').where({ currency, is_default: true }).orderBy('id').first('id');
  return { id: row ? Number(row.id) : null, currency };
}

interface Buyer {
  assigned_price_list_id: number | null;
  currency: 'GBP' | 'EUR';
}

/** The list an organisation buys from: its assigned list, else its currency's default. */
export async function priceListOf(db: Knex, organisation: Buyer): Promise<PriceListChoice> {
  const assigned = organisation.assigned_price_list_id;
  if (assigned !== null) {
    const row = await db('price_lists').where('id', assigned).first('id', 'currency');
    if (row) return { id: Number(row.id), currency: row.currency };
  }
  return defaultPriceList(db, organisation.currency);
}

/** The list a signed-in user buys from: their organisation's. */
export function priceListFor(db: Knex, user: SessionUser): Promise<PriceListChoice> {
  return priceListOf(db, user.organisation);
}

/**
 * The list of a recipient organisation in the caller's subtree (000 §7: product detail priced for
 * the organisation a quote or basket is for); outside the subtree it is as if it did not exist.
 */
export async function priceListForRecipient(db: Knex, user: SessionUser, organisationId: number): Promise<PriceListChoice | undefined> {
  const row = (await db('organisations')
    .where('id', organisationId)
    // Tree paths are digits and slashes (/1/2/): nothing in them needs escaping in a LIKE.
    .where('tree_path', 'like', `${user.organisation.tree_path}%`)
    .first('assigned_price_list_id', 'currency')) as { assigned_price_list_id: number | null; currency: 'GBP' | 'EUR' } | undefined;
  if (!row) return undefined;
  return priceListOf(db, {
    assigned_price_list_id: row.assigned_price_list_id === null ? null : Number(row.assigned_price_list_id),
    currency: row.currency,
  });
}
