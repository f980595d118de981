import type { Knex } from 'knex';
import type { ShippingPrice, ShippingType } from '../../generated/types';
import type { GenericMeta, Handler } from '../../http/operationDef';
import { genericGet, genericList } from '../../reads/genericList';
import { decodeAll, fieldsOf } from '../../reads/recordParts';

type Row = Record<string, unknown>;

/** The shipping type's own columns, listed and filtered as any generic list (no scope: one catalogue for all). */
function shippingTypeMeta(kind: 'list' | 'get'): GenericMeta {
  return {
    kind,
    entity: 'shipping_type',
    fields: fieldsOf('ShippingType', ['countries', 'shipping_prices']),
    expand: [],
    sort: ['name', 'id'],
    filters: [{ param: 'rate_type', match: 'in', fields: ['rate_type'] }],
  };
}

/** Adds each type's countries and weight bands (lowest band first), one query per child table. */
async function withRules(db: Knex, types: Omit<ShippingType, 'countries' | 'shipping_prices'>[]): Promise<ShippingType[]> {
  const ids = types.map((type) => type.id);
  const countries = (await db('shipping_type_countries').whereIn('shipping_type_id', ids).orderBy('country_code')) as Row[];
  const bands = (await db('shipping_prices').whereIn('shipping_type_id', ids).orderBy('min_weight')) as Row[];
  const priceFields = fieldsOf('ShippingPrice');
  return types.map((type) => ({
    ...type,
    countries: countries.filter((row) => Number(row['shipping_type_id']) === type.id).map((row) => String(row['country_code'])),
    shipping_prices: decodeAll<ShippingPrice>(
      'shipping_price',
      bands.filter((row) => Number(row['shipping_type_id']) === type.id),
      priceFields,
    ),
  }));
}

export const listShippingTypes: Handler<'listShippingTypes'> = async ({ query }, { db, user }) => {
  const page = await genericList(db, shippingTypeMeta('list'), { params: {}, query: { ...query }, user });
  return { rows: await withRules(db, page.rows as ShippingType[]), total: page.total };
};

export const getShippingType: Handler<'getShippingType'> = async ({ params }, { db, user }) => {
  const type = (await genericGet(db, shippingTypeMeta('get'), { params, query: {}, user })) as ShippingType;
  const [withChildren] = await withRules(db, [type]);
  return withChildren!;
};

/** Every shipping type with its rules, for the server's own pricing (checkout recomputes shipping). */
export async function allShippingTypes(db: Knex): Promise<ShippingType[]> {
  const rows = (await db('shipping_types').orderBy('id')) as Row[];
  return withRules(db, decodeAll('shipping_type', rows, fieldsOf('ShippingType', ['countries', 'shipping_prices'])));
}
