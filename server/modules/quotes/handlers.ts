import type { Knex } from 'knex';
import { DomainError, notAllowed, notSignedIn, recordNotFound } from '../../domain/errors';
import type { Handler, RequestContext } from '../../http/operationDef';
import { genericList, rowInScope } from '../../reads/genericList';
import { toViews } from '../../reads/recordViews';
import type { Quote, QuoteLineItem } from '../../generated/types';
import { mayCall } from '../../http/callerChecks';
import type { SessionUser } from '../auth/sessionUser';
import { signedIn } from '../auth/signedIn';
import { childRows, decodeAll, fieldsOf, genericMetaOf, operationOf, visibleRecord } from '../../reads/recordParts';
import { createDraftQuote, draftQuote, updateDraftQuote } from './draftQuotes';
import { repricedLines } from './quoteLines';

/** Every status a recipient may see: all but DRAFT (001 §3, "the inward status filter omits DRAFT"). */
const INWARD_STATUSES = ['ACCEPTED', 'DECLINED', 'EXPIRED', 'PUBLISHED', 'VOIDED'] as const;
type InwardStatus = (typeof INWARD_STATUSES)[number];
const isInwardStatus = (status: string): status is InwardStatus => (INWARD_STATUSES as readonly string[]).includes(status);

/**
 * The inward side reads the same rows, filters and columns as the outward list and get declared
 * in the spec, scoped to the recipient instead of the sender.
 */
function inwardMeta(operationId: 'listQuotesOutward' | 'getQuoteOutward') {
  return { ...genericMetaOf(operationId), scope: { kind: 'own' as const, field: 'organisation_to' } };
}

type InwardQuery = Parameters<Handler<'listQuotesInward'>>[0]['query'];
type QuotePage = Awaited<ReturnType<Handler<'listQuotesInward'>>>;

async function inwardQuotes(query: InwardQuery, { db, user }: RequestContext): Promise<QuotePage> {
  if (!user) throw notSignedIn();
  // No status asked for means every status the recipient may see, which leaves DRAFT out.
  const statuses = query.quote_status && query.quote_status.length > 0 ? query.quote_status : [...INWARD_STATUSES];
  const page = await genericList(db, inwardMeta('listQuotesOutward'), { params: {}, query: { ...query, quote_status: statuses }, user });
  return page as QuotePage;
}

export const listQuotesInward: Handler<'listQuotesInward'> = async ({ query }, context) => inwardQuotes(query, context);

/** A quote sent to the caller's organisation; a draft is not yet the recipient's: 404, as if missing. */
export async function inwardQuote(id: number, { db, user }: RequestContext): Promise<Quote> {
  if (!user) throw notSignedIn();
  const [quote] = await toViews(db, inwardMeta('getQuoteOutward'), [await storedInwardQuote(db, id, user)]);
  return quote as unknown as Quote;
}

/** inwardQuote's stored row. */
async function storedInwardQuote(db: Knex, id: number, user: SessionUser): Promise<Record<string, unknown>> {
  const row = await rowInScope(db, inwardMeta('getQuoteOutward'), { params: { id }, query: {}, user });
  if (row['quote_status'] === 'DRAFT') throw recordNotFound();
  return row;
}

export const getQuoteInward: Handler<'getQuoteInward'> = async ({ params }, context) => inwardQuote(params.id, context);

/** The outward side is root-side (002 §6): whoever may call the outward list operation. */
function mayViewOutward(user: SessionUser): boolean {
  return mayCall(user, operationOf('listQuotesOutward'));
}

/** GET /quotes: organisation_to alone asks for the inward list, anything else for the outward one. */
export const listQuotes: Handler<'listQuotes'> = async ({ query }, context) => {
  const { db, user } = context;
  if (!user) throw notSignedIn();
  if (query.organisation_to !== undefined && query.organisation_from === undefined) {
    const { quote_status: asked, organisation_from: _from, ...rest } = query;
    const statuses = (asked ?? []).filter(isInwardStatus);
    // Asking for DRAFT alone asks for what a recipient never sees.
    if (asked && asked.length > 0 && statuses.length === 0) return { rows: [], total: 0 };
    return inwardQuotes({ ...rest, quote_status: statuses }, context);
  }
  if (!mayViewOutward(user)) throw notAllowed();
  const page = await genericList(db, genericMetaOf('listQuotesOutward'), { params: {}, query: { ...query }, user });
  return page as QuotePage;
};

/** A quote the caller's organisation sent (a root user with quote:view) or received (once no longer a draft). */
export async function visibleQuote(id: number, context: RequestContext): Promise<Quote> {
  // Both sides answer the outward get's fields and expansions; only their scope differs.
  const [quote] = await toViews(context.db, genericMetaOf('getQuoteOutward'), [await storedVisibleQuote(id, context)]);
  return quote as unknown as Quote;
}

/**
 * The stored row of a quote the caller may see, without building its view (visibleQuote builds
 * it; acceptance writes against the row): the sender's side first, else the recipient's, where a
 * draft is not yet theirs (404, as if missing).
 */
export async function storedVisibleQuote(id: number, { db, user }: RequestContext): Promise<Record<string, unknown>> {
  if (!user) throw notSignedIn();
  if (mayViewOutward(user)) {
    try {
      return await rowInScope(db, genericMetaOf('getQuoteOutward'), { params: { id }, query: {}, user });
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
    }
  }
  return storedInwardQuote(db, id, user);
}

export const getQuote: Handler<'getQuote'> = async ({ params }, context) => visibleQuote(params.id, context);

// Line items are visible exactly when their quote is (same scope; 404 outside it).

/** A quote's lines; a DRAFT's at today's prices (001 §4), any other's as it was sent. */
export async function quoteLines(quoteId: number, context: RequestContext): Promise<QuoteLineItem[]> {
  const rows = decodeAll<QuoteLineItem>(
    'quote_line_item',
    await childRows(context.db, 'quote_line_items', 'quote_id', quoteId),
    fieldsOf('QuoteLineItem', ['subscription_type']),
  );
  const kinds = new Map(
    (
      (await context
        .db('products')
        .whereIn('id', [...new Set(rows.map((line) => line.product))])
        .select('id', 'subscription_type')) as { id: number; subscription_type: QuoteLineItem['subscription_type'] }[]
    ).map((row) => [Number(row.id), row.subscription_type ?? null]),
  );
  const lines = rows.map((line) => ({ ...line, subscription_type: kinds.get(line.product) ?? null }));
  const quote = (await context.db('quotes').where('id', quoteId).first('quote_status', 'organisation_to_id')) as
    { quote_status: string; organisation_to_id: number } | undefined;
  if (quote?.quote_status !== 'DRAFT') return lines;
  const repriced = new Map(
    (await repricedLines(context.db, Number(quote.organisation_to_id), quoteId)).lines.map((line) => [line.id, line]),
  );
  return lines.map((line) => {
    const today = repriced.get(line.id);
    return today
      ? {
          ...line,
          price: today.price as QuoteLineItem['price'],
          sub_total_for_item: today.sub_total_for_item as QuoteLineItem['sub_total_for_item'],
        }
      : line;
  });
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

// The quote editor's details (001 §2, §7): rules live in draftQuotes.

export const createQuote: Handler<'createQuote'> = async ({ body }, context) => createDraftQuote(context.records, signedIn(context), body);

export const updateQuote: Handler<'updateQuote'> = async ({ params, body }, context) =>
  updateDraftQuote(context.records, signedIn(context), params.id, body);

export const getQuoteDraft: Handler<'getQuoteDraft'> = async ({ params }, context) => draftQuote(context.db, signedIn(context), params.id);
