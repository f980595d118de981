import type { Knex } from 'knex';
import { columnOf, tableOf } from '../../db/codec';
import { DomainError, outsideScope } from '../../domain/errors';
import type { Quote, QuoteInput } from '../../generated/types';
import { notFound } from '../../http/problem';
import type { RequestContext } from '../../http/operationDef';
import type { SessionUser } from '../auth/sessionUser';
import { signedIn } from '../auth/signedIn';
import { visibleRecord } from '../../http/recordParts';

type Row = Record<string, unknown>;

/** The fields a draft's details save replaces; the rest (lines, shipping, payment) are the wizard's. */
const DETAILS = ['organisation_to', 'recipient_name', 'recipient_email', 'name', 'purchase_order_number', 'expiry_date'] as const;

/**
 * A quote goes to an organisation below the sender's own that can order from it: one with a
 * linked account and a catalogue (001 §2). Anything else outside the caller's tree, or the
 * caller's own organisation, is refused as out of scope; the recipient's currency is the quote's.
 */
async function recipientCurrency(db: Knex, user: SessionUser, organisationId: number): Promise<string> {
  const table = tableOf('organisation');
  const organisation = (await db(table).where('id', organisationId).first()) as Row | undefined;
  const below = organisation !== undefined && organisation['id'] !== user.organisation.id && String(organisation['tree_path']).startsWith(user.organisation.tree_path);
  if (!below) throw outsideScope('organisation_to');
  const linked = Boolean(organisation[columnOf('organisation', 'is_linked')]);
  const catalogue = organisation[columnOf('organisation', 'catalogue')];
  if (!linked || catalogue === null || catalogue === undefined) {
    throw new DomainError('unprocessable', 'quote_recipient_ineligible', { field: 'organisation_to', detail: 'the recipient needs a linked account and a catalogue' });
  }
  return String(organisation[columnOf('organisation', 'currency')]);
}

/** Every detail the body leaves out is emptied: a PUT replaces the draft's details (001 §7). */
function detailsOf(body: QuoteInput): Row {
  const given = body as unknown as Row;
  return Object.fromEntries(DETAILS.map((field) => [field, given[field] ?? null]));
}

const asQuote = async (id: number, context: RequestContext) => (await visibleRecord('getQuoteOutward', id, context)) as unknown as Quote;

/** A new DRAFT quote sent by the caller's organisation, dated now, in the recipient's currency. */
export async function createDraftQuote(body: QuoteInput, context: RequestContext): Promise<Quote> {
  const user = signedIn(context);
  const currency = await recipientCurrency(context.db, user, body.organisation_to);
  const values = {
    ...detailsOf(body),
    organisation_from: user.organisation.id,
    created_by_user: user.id,
    date: new Date(context.now()).toISOString(),
    quote_status: 'DRAFT',
    currency,
  };
  return asQuote(await context.records.insert('quote', values), context);
}

/** The caller's organisation's DRAFT quote; any other (sent, someone else's, missing) is a 404. */
async function draftRow(db: Knex, user: SessionUser, id: number): Promise<Row> {
  const row = (await db(tableOf('quote'))
    .where({ id, [columnOf('quote', 'organisation_from')]: user.organisation.id, [columnOf('quote', 'quote_status')]: 'DRAFT' })
    .first()) as Row | undefined;
  if (!row) throw notFound();
  return row;
}

export async function draftQuote(id: number, context: RequestContext): Promise<Quote> {
  await draftRow(context.db, signedIn(context), id);
  return asQuote(id, context);
}

/**
 * Replaces a draft's details. A new recipient takes its currency and drops the line items, which
 * were chosen from the previous recipient's catalogue and prices (001 §2).
 */
export async function updateDraftQuote(id: number, body: QuoteInput, context: RequestContext): Promise<Quote> {
  const user = signedIn(context);
  const { db, records } = context;
  // Read and written in the request's transaction (the row locked), so a draft published meanwhile is not edited after.
  const current = await draftRow(db, user, id);
  const newRecipient = Number(current[columnOf('quote', 'organisation_to')]) !== body.organisation_to;
  const values: Row = detailsOf(body);
  if (newRecipient) values['currency'] = await recipientCurrency(db, user, body.organisation_to);
  await records.update('quote', id, values);
  if (newRecipient) {
    const lines = (await db(tableOf('quote_line_item')).where(columnOf('quote_line_item', 'quote'), id).select('id')) as { id: number }[];
    for (const line of lines) await records.remove('quote_line_item', line.id);
  }
  return asQuote(id, context);
}
