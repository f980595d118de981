import type { Handler, RequestContext } from '../../http/operationDef';
import { genericGet, genericList } from '../../http/genericList';
import { notFound, unauthenticated } from '../../http/problem';
import type { Quote } from '../../generated/types';
import { genericMetaOf } from './partRows';

/** Every status a recipient may see: all but DRAFT (001 §3, "the inward status filter omits DRAFT"). */
const INWARD_STATUSES = ['ACCEPTED', 'DECLINED', 'EXPIRED', 'PUBLISHED', 'VOIDED'] as const;

/**
 * The inward side reads the same rows, filters and columns as the outward list and get declared
 * in the spec, scoped to the recipient instead of the sender.
 */
function inwardMeta(operationId: 'listQuotesOutward' | 'getQuoteOutward') {
  return { ...genericMetaOf(operationId), scope: { kind: 'own' as const, field: 'organisation_to' } };
}

export const listQuotesInward: Handler<'listQuotesInward'> = async ({ query }, { db, user }) => {
  if (!user) throw unauthenticated();
  // No status asked for means every status the recipient may see, which leaves DRAFT out.
  const statuses = query.quote_status && query.quote_status.length > 0 ? query.quote_status : [...INWARD_STATUSES];
  const page = await genericList(db, inwardMeta('listQuotesOutward'), { params: {}, query: { ...query, quote_status: statuses }, user });
  return page as Awaited<ReturnType<Handler<'listQuotesInward'>>>;
};

/** A quote sent to the caller's organisation; a draft is not yet the recipient's: 404, as if missing. */
export async function inwardQuote(id: number, { db, user }: RequestContext): Promise<Quote> {
  if (!user) throw unauthenticated();
  const quote = (await genericGet(db, inwardMeta('getQuoteOutward'), { params: { id }, query: {}, user })) as Quote;
  if (quote.quote_status === 'DRAFT') throw notFound();
  return quote;
}

export const getQuoteInward: Handler<'getQuoteInward'> = async ({ params }, context) => inwardQuote(params.id, context);
