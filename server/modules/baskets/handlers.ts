import type { Address } from '../../generated/types';
import type { Handler, RequestContext } from '../../http/operationDef';
import { decodeAll, fieldsOf } from '../../reads/recordParts';
import { visibleRecord } from '../../reads/recordParts';
import { signedIn } from '../auth/signedIn';
import { basketLineViews } from './basketLines';
import { existingTeamNames } from './lineDetails';
import { addLine, createBasket as createBasketWith, quickOrder as quickOrderInto, saveBasket } from './basketService';

/** A basket's lines are visible exactly when the basket is (same scope; 404 outside it), priced now. */
export const listBasketLineItems: Handler<'listBasketLineItems'> = async ({ params }, context) => {
  await visibleRecord('getBasket', params.id, context);
  return basketLineViews(context.db, signedIn(context), params.id);
};

export const addBasketLineItem: Handler<'addBasketLineItem'> = async ({ params, body }, context) =>
  addLine(context.records, signedIn(context), params.id, body);

export const updateBasket: Handler<'updateBasket'> = async ({ params, body }, context) =>
  saveBasket(context.records, signedIn(context), params.id, body);

export const quickOrder: Handler<'quickOrder'> = async ({ params, body }, context) =>
  quickOrderInto(context.records, signedIn(context), params.id, body);

export const createBasket: Handler<'createBasket'> = async ({ body }, context) =>
  createBasketWith(context.records, signedIn(context), body);

export async function addressesOf(context: RequestContext, organisation: number): Promise<Address[]> {
  const rows = (await context.db('addresses').where('organisation_id', organisation).orderBy(['name', 'id'])) as Record<string, unknown>[];
  return decodeAll<Address>('address', rows, fieldsOf('Address'));
}

/** The basket's organisation's saved addresses, by name; visible exactly when the basket is. */
export const listBasketAddresses: Handler<'listBasketAddresses'> = async ({ params }, context) => {
  const basket = await visibleRecord('getBasket', params.id, context);
  return addressesOf(context, (basket['organisation'] as { id: number } | null)?.id ?? 0);
};

/** The caller's own organisation's saved addresses: where a new basket (always of that organisation) may ship. */
export const listNewBasketAddresses: Handler<'listNewBasketAddresses'> = async (_request, context) =>
  addressesOf(context, signedIn(context).organisation.id);

/** 000 §5 team_name_exists as typed: the Dropbox team names the caller's organisation already has, sorted. */
export const listBasketTeamNames: Handler<'listBasketTeamNames'> = async (_request, context) => ({
  names: [...(await existingTeamNames(context.db, signedIn(context).organisation.id))].sort(),
});
