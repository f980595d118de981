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

/** The list a signed-in user buys from: their organisation's assigned list, else their currency's default. */
export async function priceListFor(db: Knex, user: SessionUser): Promise<PriceListChoice> {
  const assigned = user.organisation.assigned_price_list_id;
  if (assigned !== null) {
    const row = await db('price_lists').where('id', assigned).first('id', 'currency');
    if (row) return { id: Number(row.id), currency: row.currency };
  }
  return defaultPriceList(db, user.organisation.currency);
}
