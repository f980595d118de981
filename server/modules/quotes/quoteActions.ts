import { DomainError } from '../../domain/errors';
import type { Quote, QuoteApproval } from '../../generated/types';
import type { Handler, RequestContext } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';
import type { AuditAction } from '../../writes/records';
import { DETAIL_FIELDS } from '../baskets/lineDetails';
import { buyerOf, shippingRules } from '../checkout/checkoutLines';
import { createDraftQuote } from './draftQuotes';
import { signedIn } from '../auth/signedIn';
import { inwardQuote } from './handlers';
import { notifyRecipients } from './quoteMail';
import { brandedQuotePdf, quotePdfName } from './quotePdf';
import { requireCompleteShipping, requireQuoteFinance } from './quoteReadiness';
import { currentRevision } from './quoteRevisions';
import { largestDiscount, recipientProducts, repricedLines, storedQuoteLines, type QuoteLineInput } from './quoteLines';
import { ADDRESS_FIELDS, quoteRecord, refreshQuote, type QuoteRecord } from './quoteTotals';
import { isBlank } from '../../../shared/text/blank';

type Status = QuoteRecord['quote_status'];

/** Today's date in UTC, as expiry dates are stored (YYYY-MM-DD). */
export const todayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** A quote is valid through its expiry date; past it, a PUBLISHED quote is as good as EXPIRED (whether or not the job has run). */
export const pastExpiry = (quote: Pick<QuoteRecord, 'expiry_date'>, now: number) =>
  quote.expiry_date !== null && quote.expiry_date < todayOf(now);

/** 409 invalid_state unless the quote is in one of the statuses (docs/quotes.md "States"); a PUBLISHED quote past its expiry date is not. */
export function requireStatus(quote: QuoteRecord, allowed: readonly Status[], now: number): void {
  const live = allowed.includes(quote.quote_status) && !(quote.quote_status === 'PUBLISHED' && pastExpiry(quote, now));
  if (!live)
    throw new DomainError('conflict', 'invalid_state', {
      detail: `quote ${quote.id} is ${quote.quote_status}${pastExpiry(quote, now) ? ', past its expiry date' : ''}`,
    });
}

const asQuote = async (id: number, context: RequestContext) => (await visibleRecord('getQuoteOutward', id, context)) as unknown as Quote;

/** The sender's quote (404 outside the caller's organisation), as the router locked it. */
async function outwardRecord(id: number, context: RequestContext): Promise<QuoteRecord> {
  await visibleRecord('getQuoteOutward', id, context);
  return quoteRecord(context.db, id);
}

async function move(
  context: RequestContext,
  quote: QuoteRecord,
  to: Status,
  action: AuditAction,
  values: Record<string, unknown> = {},
): Promise<void> {
  await context.records.update('quote', quote.id, { quote_status: to, ...values }, { action });
}

const ZOOM_REQUIRED = ['zoom_order_type', 'zoom_end_user_company', 'zoom_end_user_name', 'zoom_end_user_email'] as const;

/**
 * 001 §4, §5 publish (DRAFT → PUBLISHED): the saved quote must be complete (recipient name and
 * e-mail, at least one line, every line still priced as chosen, a Zoom order's end user) and
 * need no approval. Its lines are priced one last time, at today's prices, and from now on keep
 * them; the recipient's subscribed users are told.
 */
export const sendQuote: Handler<'sendQuote'> = async ({ params }, context) => {
  const quote = await outwardRecord(params.id, context);
  requireStatus(quote, ['DRAFT'], context.now());
  for (const field of ['recipient_name', 'recipient_email'] as const) {
    if (isBlank(quote[field]))
      throw new DomainError('unprocessable', 'quote_must_be_saved_to_publish', { field, detail: `${field} is required to publish` });
  }
  const { lines, invalid } = await repricedLines(context.db, quote.organisation_to, quote.id);
  if (lines.length === 0) throw new DomainError('unprocessable', 'quote_no_line_items', { field: 'line_items' });
  if (invalid.length > 0)
    throw new DomainError('unprocessable', 'quote_must_be_saved_to_publish', {
      field: 'line_items',
      detail: `lines ${invalid.join(', ')} can no longer be priced as chosen`,
    });
  // Every line of a ZOOM product needs its Zoom order (001 §2 "Zoom configuration complete"), as does any line carrying one.
  const zoomProducts = new Set(
    (
      (await context
        .db('products')
        .whereIn(
          'id',
          lines.map((line) => line.product),
        )
        .where('subscription_type', 'ZOOM')
        .select('id')) as { id: number }[]
    ).map((row) => Number(row.id)),
  );
  for (const line of lines) {
    const zoom = zoomProducts.has(line.product) || !isBlank(line['zoom_order_type']);
    const missing = zoom ? ZOOM_REQUIRED.find((field) => isBlank(line[field])) : undefined;
    if (missing)
      throw new DomainError('unprocessable', 'quote_must_be_saved_to_publish', { field: `line_items/${lines.indexOf(line)}/${missing}` });
    await context.records.update('quote_line_item', line.id, { price: line.price, sub_total_for_item: line.sub_total_for_item });
  }
  await refreshQuote(context.records, quote.id);
  const refreshed = await quoteRecord(context.db, quote.id);
  // What the editor's Shipping and Payment gates ask for, checked here too (a client's gate is comfort only).
  const priced = await storedQuoteLines(context.db, quote.id);
  const products = await recipientProducts(
    context.db,
    await buyerOf(context.db, quote.organisation_to),
    priced.map((line) => line.product),
  );
  await requireCompleteShipping(() => shippingRules(context.db), refreshed, priced, products);
  requireQuoteFinance(refreshed, priced, products);
  if (refreshed.requires_approval)
    throw new DomainError('conflict', 'quote_requires_approval', {
      detail: 'a line discount is above what the organisation allows without approval',
    });
  await move(context, refreshed, 'PUBLISHED', 'PUBLISH', { supplier_ref: refreshed.supplier_ref ?? `SQ-${5000 + quote.id}` });
  // The recipient gets the quote as sent, as a PDF; a later revision is announced as an amendment.
  const sent = await currentRevision(quote.id, context);
  const pdf = {
    filename: quotePdfName(sent),
    contentType: 'application/pdf',
    content: Buffer.from(await brandedQuotePdf(context.db, sent)).toString('base64'),
  };
  await notifyRecipients(
    context.records,
    await quoteRecord(context.db, quote.id),
    sent.revision > 1 ? 'quote_amended' : 'quote_created',
    pdf,
  );
  return asQuote(quote.id, context);
};

/** 001 §4, §6 approve (quote:approve): a DRAFT needing approval no longer does, up to its largest discount now. */
export const approveQuote: Handler<'approveQuote'> = async ({ params }, context): Promise<QuoteApproval> => {
  const quote = await outwardRecord(params.id, context);
  requireStatus(quote, ['DRAFT'], context.now());
  if (!quote.requires_approval) throw new DomainError('conflict', 'invalid_state', { detail: `quote ${quote.id} does not need approval` });
  const approved = largestDiscount(await storedQuoteLines(context.db, quote.id)).toFixed(4);
  await context.records.update('quote', quote.id, { requires_approval: false, approved_discount: approved }, { action: 'APPROVE' });
  return { id: quote.id, requires_approval: false };
};

/** 001 §4, §6 void: a PUBLISHED quote is withdrawn (VOIDED); the recipient can no longer accept it. */
export const voidQuote: Handler<'voidQuote'> = async ({ params }, context) => {
  const quote = await outwardRecord(params.id, context);
  requireStatus(quote, ['PUBLISHED'], context.now());
  await move(context, quote, 'VOIDED', 'VOID');
  return asQuote(quote.id, context);
};

/** 001 §2 delete: a DRAFT only, with its lines; anything sent stays on record (409). */
export const deleteQuote: Handler<'deleteQuote'> = async ({ params }, context) => {
  const quote = await outwardRecord(params.id, context);
  requireStatus(quote, ['DRAFT'], context.now());
  // A draft of a later revision was sent before: it stays on record, as anything sent does.
  if (Number(quote['revision'] ?? 1) > 1)
    throw new DomainError('conflict', 'invalid_state', {
      detail: `quote ${quote.id} was sent as revision ${Number(quote['revision']) - 1}`,
    });
  await context.records.remove('quote', quote.id, { cascade: [{ entity: 'quote_line_item', via: 'quote' }] });
};

/** 001 §2, §6 decline (quote:accept or admin), by the recipient: PUBLISHED → DECLINED. */
export const declineQuote: Handler<'declineQuote'> = async ({ params }, context) => {
  await inwardQuote(params.id, context);
  const quote = await quoteRecord(context.db, params.id);
  requireStatus(quote, ['PUBLISHED'], context.now());
  await move(context, quote, 'DECLINED', 'DECLINE');
  return inwardQuote(quote.id, context);
};

/** Per-kind details a copy clears (001 §4: "cleared dropbox, acronis and markup data"). */
const CLEARED_ON_COPY = new Set(['dropbox_team_name', 'dropbox_admin_email', 'acronis_tenant_name', 'acronis_admin_email']);

/**
 * 001 §4 copy: a new DRAFT of the caller's organisation to the same recipient, named as the
 * original, paid on account without finance, its lines at today's prices without their Dropbox,
 * Acronis and markup data; lines whose product the recipient's webstore no longer shows are left
 * out, and an expiry date already past is left empty (docs/quotes.md).
 */
export const copyQuote: Handler<'copyQuote'> = async ({ params }, context) => {
  const quote = await outwardRecord(params.id, context);
  const stored = await storedQuoteLines(context.db, quote.id);
  const shown = await recipientProducts(
    context.db,
    await buyerOf(context.db, quote.organisation_to),
    stored.map((line) => line.product),
  );
  const lines: QuoteLineInput[] = stored
    .filter((line) => shown.has(line.product))
    .map((line) => ({
      product: line.product,
      quantity: line.quantity,
      discount: Math.round(Number(line.discount)),
      selected_rate_plan: line.selected_rate_plan,
      maintenance_product: line.maintenance_product,
      prov_product: line.prov_product,
      prov_organisation: (line['prov_organisation'] as number | null) ?? null,
      prov_group: (line['prov_group'] as number | null) ?? null,
      prov_site: (line['prov_site'] as number | null) ?? null,
      ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field, CLEARED_ON_COPY.has(field) ? null : (line[field] ?? null)])),
    }));
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, quote[field] ?? null]));
  const copy = await createDraftQuote(context.records, signedIn(context), {
    organisation_to: quote.organisation_to,
    recipient_name: (quote['recipient_name'] as string | null) ?? null,
    recipient_email: (quote['recipient_email'] as string | null) ?? null,
    name: quote.name,
    purchase_order_number: quote.purchase_order_number,
    expiry_date: pastExpiry(quote, context.now()) ? null : quote.expiry_date,
    payment_type: 'ON_ACCOUNT',
    provisioning_instructions: (quote['provisioning_instructions'] as string | null) ?? null,
    ship_instructions: (quote['ship_instructions'] as string | null) ?? null,
    part_ship: Boolean(quote['part_ship']),
    shipping_type: quote.shipping_type,
    ...address,
    line_items: lines,
  });
  // The new record's audit entry says where it came from.
  await context.records.update('quote', copy.id, {}, { action: 'DUPLICATE' });
  return asQuote(copy.id, context);
};
