import type { Knex } from 'knex';
import { columnOf, tableOf } from '../../db/codec';
import { DomainError, outsideScope, recordNotFound } from '../../domain/errors';
import type { Quote, QuoteInput } from '../../generated/types';
import type { SessionUser } from '../auth/sessionUser';
import { visibleRecord } from '../../reads/recordParts';
import type { Records } from '../../writes/records';
import { dateTimeStamp } from '../orders/basketFromOrder';
import { buyerOf } from '../checkout/checkoutLines';
import { priceQuoteLines, repricedLines, storedQuoteLines, type QuoteLineInput } from './quoteLines';
import { refreshQuote } from './quoteTotals';

type Row = Record<string, unknown>;

/** The fields a draft's details save replaces; the rest (lines, shipping, payment) are the wizard's. */
const DETAILS = ['organisation_to', 'recipient_name', 'recipient_email', 'name', 'purchase_order_number', 'expiry_date'] as const;

/**
 * A quote goes to an organisation below the sender's own that can order from it: one with a
 * linked account and a catalogue (001 §2). Anything else outside the caller's tree, or the
 * caller's own organisation, is refused as out of scope; the recipient's currency is the quote's.
 */
export async function recipientCurrency(db: Knex, user: SessionUser, organisationId: number): Promise<string> {
  const table = tableOf('organisation');
  const organisation = (await db(table).where('id', organisationId).first()) as Row | undefined;
  const below =
    organisation !== undefined &&
    organisation['id'] !== user.organisation.id &&
    String(organisation['tree_path']).startsWith(user.organisation.tree_path);
  if (!below) throw outsideScope('organisation_to');
  const linked = Boolean(organisation[columnOf('organisation', 'is_linked')]);
  const catalogue = organisation[columnOf('organisation', 'catalogue')];
  if (!linked || catalogue === null || catalogue === undefined) {
    throw new DomainError('unprocessable', 'quote_recipient_ineligible', {
      field: 'organisation_to',
      detail: 'the recipient needs a linked account and a catalogue',
    });
  }
  return String(organisation[columnOf('organisation', 'currency')]);
}

/** Every detail the body leaves out is emptied: a PUT replaces the draft's details (001 §7); an empty name is the default (001 §4). */
function detailsOf(body: QuoteInput, user: SessionUser, now: number): Row {
  const given = body as unknown as Row;
  const values: Row = Object.fromEntries(DETAILS.map((field) => [field, given[field] ?? null]));
  const name = typeof values['name'] === 'string' ? values['name'].trim() : '';
  values['name'] = name === '' ? defaultQuoteName(new Date(now), user.timezone) : name;
  return values;
}

/** 001 §4, §9: "New quote (date time)" in the user's time zone, e.g. "New quote (5th Mar 2026, 14:30)". */
export function defaultQuoteName(now: Date, timeZone: string): string {
  return `New quote (${dateTimeStamp(now, timeZone)})`;
}

/** The fields besides the details and lines a save sends: kept when left out. */
function otherFieldsOf(body: QuoteInput): Row {
  const { line_items: _lines, ...rest } = body as QuoteInput & Row;
  return Object.fromEntries(
    Object.entries(rest).filter(([field, value]) => !(DETAILS as readonly string[]).includes(field) && value !== undefined),
  );
}

const asQuote = async (id: number, db: Knex, user: SessionUser) =>
  (await visibleRecord('getQuoteOutward', id, { db, user })) as unknown as Quote;

/** A new DRAFT quote sent by the caller's organisation, dated now, in the recipient's currency, with its lines if sent. */
export async function createDraftQuote(records: Records, user: SessionUser, body: QuoteInput): Promise<Quote> {
  const now = records.now();
  const currency = await recipientCurrency(records.db, user, body.organisation_to);
  const values = {
    ...detailsOf(body, user, now.getTime()),
    ...otherFieldsOf(body),
    organisation_from: user.organisation.id,
    created_by_user: user.id,
    date: now.toISOString(),
    quote_status: 'DRAFT',
    currency,
  };
  const id = await records.insert('quote', values);
  if (body.line_items !== undefined) await replaceLines(records, user, id, body.organisation_to, body.line_items);
  await refreshQuote(records, id);
  return asQuote(id, records.db, user);
}

/** The caller's organisation's DRAFT quote; any other (sent, someone else's, missing) is a 404. */
async function draftRow(db: Knex, user: SessionUser, id: number): Promise<Row> {
  const row = (await db(tableOf('quote'))
    .where({ id, [columnOf('quote', 'organisation_from')]: user.organisation.id, [columnOf('quote', 'quote_status')]: 'DRAFT' })
    .first()) as Row | undefined;
  if (!row) throw recordNotFound();
  return row;
}

/** The editor's load: the draft with its total at today's prices (001 §4). */
export async function draftQuote(db: Knex, user: SessionUser, id: number): Promise<Quote> {
  const row = await draftRow(db, user, id);
  const quote = await asQuote(id, db, user);
  const { total } = await repricedLines(db, Number(row[columnOf('quote', 'organisation_to')]), id);
  return { ...quote, total: total as Quote['total'] };
}

/**
 * Replaces a draft's details, and the other fields and lines the body sends. A new recipient
 * takes its currency and drops the line items, which were chosen from the previous recipient's
 * catalogue and prices (001 §2), unless the body sends lines for the new one.
 */
export async function updateDraftQuote(records: Records, user: SessionUser, id: number, body: QuoteInput): Promise<Quote> {
  const { db } = records;
  // Read and written in the request's transaction (the row locked), so a draft published meanwhile is not edited after.
  const current = await draftRow(db, user, id);
  const newRecipient = Number(current[columnOf('quote', 'organisation_to')]) !== body.organisation_to;
  const values: Row = { ...detailsOf(body, user, records.now().getTime()), ...otherFieldsOf(body) };
  if (newRecipient) values['currency'] = await recipientCurrency(db, user, body.organisation_to);
  await records.update('quote', id, values);
  if (body.line_items !== undefined) await replaceLines(records, user, id, body.organisation_to, body.line_items);
  else if (newRecipient) await replaceLines(records, user, id, body.organisation_to, []);
  await refreshQuote(records, id);
  return asQuote(id, db, user);
}

/** The quote's lines replaced by those sent, checked and priced for the recipient (quoteLines.ts). */
async function replaceLines(records: Records, user: SessionUser, id: number, recipientId: number, lines: QuoteLineInput[]): Promise<void> {
  const { db } = records;
  const priced = await priceQuoteLines(db, user, await buyerOf(db, recipientId), lines);
  const auditOn = (value: string) => ({ auditOn: { entity: 'quote' as const, id, field: 'line_items', value } });
  for (const line of await storedQuoteLines(db, id))
    await records.remove('quote_line_item', line.id, auditOn(`${line.name} × ${line.quantity}`));
  for (const line of priced)
    await records.insert(
      'quote_line_item',
      { ...line.values, quote: id },
      auditOn(`${line.product.product_code} × ${String(line.values['quantity'])}`),
    );
}
