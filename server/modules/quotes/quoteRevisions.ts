import { DomainError, recordNotFound } from '../../domain/errors';
import type { QuoteRevisionRow, QuoteSent } from '../../generated/types';
import type { Handler, RequestContext } from '../../http/operationDef';
import { fieldsOf, visibleRecord } from '../../reads/recordParts';
import { decodeRow } from '../../db/codec';
import { quoteLines, visibleQuote } from './handlers';
import { quoteRecord } from './quoteTotals';

type Row = Record<string, unknown>;

/**
 * A quote as it was sent, in one piece (schema QuoteSent): its header as the caller's get answers
 * it, and its lines. The current revision is read from the quote; a kept one from its row.
 */
export async function currentRevision(id: number, context: RequestContext): Promise<QuoteSent> {
  const quote = (await visibleQuote(id, context)) as unknown as Row;
  const sent = Object.fromEntries(fieldsOf('QuoteSent', ['line_items']).map((field) => [field, quote[field] ?? null]));
  return { ...sent, line_items: await quoteLines(id, context) } as unknown as QuoteSent;
}

interface KeptRevision {
  revision: number;
  replaced_at: string;
  total: string;
  currency: 'GBP' | 'EUR';
  content: string;
}

async function keptRevisions(context: RequestContext, quoteId: number): Promise<KeptRevision[]> {
  const rows = (await context.db('quote_revisions').where('quote_id', quoteId).orderBy('revision')) as Row[];
  return rows.map((row) => decodeRow<KeptRevision>('quote_revision', row, ['revision', 'replaced_at', 'total', 'currency', 'content']));
}

/**
 * POST /quotes/{id}/amend (issue 16 "Revisions"): the sender (quote:amend) reopens a PUBLISHED
 * quote to change it. The revision the recipient was sent is kept as it was (read back by
 * GET /quotes/{id}/revisions/{n}, printed by the PDF), and the quote becomes the DRAFT of revision
 * n+1: out of the recipient's reach until it is published again (quote_amended), so an accept of
 * what they saw is refused (409) rather than ordering what they did not see. A quote past its
 * expiry date may be amended too (to give it a new one), as long as the job has not expired it.
 */
export const amendQuote: Handler<'amendQuote'> = async ({ params }, context) => {
  await visibleRecord('getQuoteOutward', params.id, context);
  const quote = await quoteRecord(context.db, params.id);
  if (quote.quote_status !== 'PUBLISHED')
    throw new DomainError('conflict', 'invalid_state', { detail: `quote ${quote.id} is ${quote.quote_status}` });
  const sent = await currentRevision(quote.id, context);
  const revision = Number(quote['revision'] ?? 1);
  await context.records.insert('quote_revision', {
    quote: quote.id,
    revision,
    replaced_at: context.records.now().toISOString(),
    replaced_by: context.user?.id ?? null,
    total: quote.total,
    currency: quote.currency,
    content: JSON.stringify(sent),
  });
  await context.records.update('quote', quote.id, { quote_status: 'DRAFT', revision: revision + 1 }, { action: 'AMEND' });
  return (await visibleRecord('getQuoteOutward', quote.id, context)) as never;
};

/** GET /quotes/{id}/revisions: the kept revisions, oldest first, then the current one once it is sent. */
export const listQuoteRevisions: Handler<'listQuoteRevisions'> = async ({ params }, context): Promise<QuoteRevisionRow[]> => {
  const quote = await visibleQuote(params.id, context);
  const kept: QuoteRevisionRow[] = (await keptRevisions(context, quote.id)).map((row) => ({
    revision: row.revision,
    current: false,
    replaced_at: row.replaced_at,
    total: row.total as QuoteRevisionRow['total'],
    currency: row.currency,
  }));
  if (quote.quote_status === 'DRAFT') return kept;
  return [...kept, { revision: quote.revision, current: true, replaced_at: null, total: quote.total, currency: quote.currency }];
};

/** One revision by number: a kept one, or the quote itself for its current one (a draft's: as it stands, to the sender). */
export async function revisionOf(id: number, revision: number, context: RequestContext): Promise<QuoteSent> {
  const quote = await visibleQuote(id, context);
  if (revision === quote.revision) return currentRevision(id, context);
  const kept = (await keptRevisions(context, quote.id)).find((row) => row.revision === revision);
  if (!kept) throw recordNotFound();
  return JSON.parse(kept.content) as QuoteSent;
}

export const getQuoteRevision: Handler<'getQuoteRevision'> = async ({ params }, context) => revisionOf(params.id, params.revision, context);
