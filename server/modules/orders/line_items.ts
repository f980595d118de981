import type { BasketLineItem, QuoteLineItem } from '../../generated/types';
import type { Handler, RequestContext } from '../../http/operationDef';
import { childRows, decodeAll, fieldsOf, visibleRecord } from './partRows';
import { inwardQuote, visibleQuote } from './quotes';

// Line items are visible exactly when their quote or basket is (same scope; 404 outside it).

async function quoteLines(quoteId: number, context: RequestContext): Promise<QuoteLineItem[]> {
  return decodeAll<QuoteLineItem>('quote_line_item', await childRows(context.db, 'quote_line_items', 'quote_id', quoteId), fieldsOf('QuoteLineItem'));
}

export const listQuoteOutwardLineItems: Handler<'listQuoteOutwardLineItems'> = async ({ params }, context) => {
  await visibleRecord('getQuoteOutward', params.id, context);
  return quoteLines(params.id, context);
};

export const listQuoteInwardLineItems: Handler<'listQuoteInwardLineItems'> = async ({ params }, context) => {
  await inwardQuote(params.id, context);
  return quoteLines(params.id, context);
};

export const listQuoteLineItems: Handler<'listQuoteLineItems'> = async ({ params }, context) => {
  await visibleQuote(params.id, context);
  return quoteLines(params.id, context);
};

export const listBasketLineItems: Handler<'listBasketLineItems'> = async ({ params }, context) => {
  await visibleRecord('getBasket', params.id, context);
  const rows = await childRows(context.db, 'basket_line_items', 'basket_id', params.id);
  return decodeAll<BasketLineItem>('basket_line_item', rows, fieldsOf('BasketLineItem'));
};
