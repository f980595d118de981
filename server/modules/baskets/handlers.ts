import type { BasketLineItem } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { childRows, decodeAll, fieldsOf, visibleRecord } from '../../http/recordParts';

/** A basket's lines are visible exactly when the basket is (same scope; 404 outside it). */
export const listBasketLineItems: Handler<'listBasketLineItems'> = async ({ params }, context) => {
  await visibleRecord('getBasket', params.id, context);
  const rows = await childRows(context.db, 'basket_line_items', 'basket_id', params.id);
  return decodeAll<BasketLineItem>('basket_line_item', rows, fieldsOf('BasketLineItem'));
};
