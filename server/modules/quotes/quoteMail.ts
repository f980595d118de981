import { queueMail, type QueuedAttachment } from '../../integrations/mail';
import { mailText } from '../../integrations/mailText';
import type { Records } from '../../writes/records';
import type { QuoteRecord } from './quoteTotals';

type QuoteNotification = 'quote_created' | 'quote_amended' | 'quote_expiry_warning';

/**
 * Tells the recipient organisation's users who subscribe to the notification (002 §3) about a
 * quote: published (quote_created), published again as a new revision (quote_amended) or soon to
 * expire (quote_expiry_warning), with the quote's PDF when given. Each e-mail is queued in the
 * outbox in the transaction of the change it reports, in the user's language.
 */
export async function notifyRecipients(records: Records, quote: QuoteRecord, type: QuoteNotification, attachment?: QueuedAttachment): Promise<number> {
  const users = (await records.db('user_notifications as n')
    .join('users as u', 'u.id', 'n.user_id')
    .where({ 'n.type': type, 'u.organisation_id': quote.organisation_to, 'u.disabled': false })
    .orderBy('u.id')
    .select('u.email_address', 'u.user_language')) as { email_address: string; user_language: string | null }[];
  if (users.length === 0) return 0;
  const sender = (await records.db('organisations').where('id', quote.organisation_from).first('name')) as { name: string } | undefined;
  for (const { email_address: to, user_language: language } of users) {
    const values = {
      quote: quote.name,
      revision: String(quote['revision'] ?? 1),
      sender: sender?.name ?? '',
      total: `${quote.total} ${quote.currency}`,
      expiry: quote.expiry_date ?? mailText(language, 'mail.quote.no_expiry'),
    };
    await queueMail(records, {
      to,
      subject: mailText(language, `mail.${type}.subject`, values),
      text: mailText(language, `mail.${type}.text`, values),
      ...(attachment && { attachments: [attachment] }),
    });
  }
  return users.length;
}
