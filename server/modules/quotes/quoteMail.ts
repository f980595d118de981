import { queueEmails, type QueuedAttachment } from '../../integrations/mail';
import { EmailRecipients } from '../../integrations/emails/emailRecipients';
import { keptSubscribers } from '../../integrations/emails/subscribers';
import type { Records } from '../../writes/records';
import type { QuoteRecord } from './quoteTotals';

type QuoteNotification = 'quote_created' | 'quote_amended' | 'quote_expiry_warning';

/**
 * Tells the recipient organisation's users who subscribe to the notification (002 §3) about a
 * quote: published (quote_created), published again as a new revision (quote_amended) or soon to
 * expire (quote_expiry_warning; only a quote with an expiry date is warned of), with the quote's
 * PDF when given. Each e-mail (spec/emails) is queued in the outbox in the transaction of the
 * change it reports, in the user's language; it links to the quote as they receive it.
 */
export async function notifyRecipients(
  records: Records,
  quote: QuoteRecord,
  type: QuoteNotification,
  attachment?: QueuedAttachment,
): Promise<number> {
  const users = await keptSubscribers(records, type, quote.organisation_to, 'organisation');
  if (users.length === 0) return 0;
  const sender = (await records.db('organisations').where('id', quote.organisation_from).first('name')) as { name: string } | undefined;
  const recipients = new EmailRecipients(records.db, records);
  const facts = { id: quote.id, name: quote.name, total: quote.total, currency: quote.currency };
  const files = attachment ? [attachment] : undefined;
  const told = await recipients.users(users);
  // Each recipient's context: the quote's facts as the e-mail shows them, and the link as they receive it.
  const toEach = <Quote>(shown: Quote) =>
    told.map((recipient) => ({
      recipient,
      context: { sender: sender?.name ?? '', quote_url: `${recipient.portal.url}/webstore/quotesinward/${quote.id}`, quote: shown },
      attachments: files,
    }));
  const expiry_date = quote.expiry_date;
  if (type === 'quote_created') await queueEmails(records, type, toEach({ ...facts, expiry_date }));
  else if (type === 'quote_amended')
    await queueEmails(records, type, toEach({ ...facts, revision: Number(quote['revision'] ?? 1), expiry_date }));
  else if (expiry_date !== null) await queueEmails(records, type, toEach({ ...facts, expiry_date }));
  return users.length;
}
