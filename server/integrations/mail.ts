import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { EmailContexts, EmailName } from '../generated/emails';
import type { OutboxHandler } from '../writes/outbox';
import { enqueue, enqueueAll } from '../writes/outbox';
import type { Records } from '../writes/records';
import { renderEmail, type EmailRecipient } from './emails/renderEmail';

/** The outbox topic of e-mails. */
export const MAIL_TOPIC = 'mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, sent beside the plain-text one (multipart/alternative). */
  html?: string;
  /** Small files carried in the outbox row with the message (a quote's PDF), as base64. */
  attachments?: QueuedAttachment[];
}

export interface QueuedAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64-encoded (the outbox payload is JSON). */
  content: string;
}

/** A queued message as nodemailer takes it: its parts and attachments. */
const mailOf = (from: string, message: MailMessage) => ({
  from,
  ...partsOf(message),
  ...(message.attachments && {
    attachments: message.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content,
      encoding: 'base64',
    })),
  }),
});

/**
 * Queues an e-mail in the transaction of the change it reports: it is sent after commit, and
 * never for a change that was rolled back.
 */
export function queueMail(records: Records, message: MailMessage): Promise<void> {
  return enqueue(records, MAIL_TOPIC, message);
}

/** One e-mail of the spec's to queue: its recipient, its context and any files it carries. */
export interface EmailToQueue<N extends EmailName> {
  recipient: EmailRecipient;
  context: EmailContexts[N];
  attachments?: QueuedAttachment[];
}

/**
 * Renders one of the spec's e-mails for its recipient (docs/spec.md "emails") and queues it: the
 * outbox keeps the message as rendered, so a retry sends exactly what the change reported.
 */
export function queueEmail<N extends EmailName>(
  records: Records,
  name: N,
  recipient: EmailRecipient,
  context: EmailContexts[N],
  attachments?: QueuedAttachment[],
): Promise<void> {
  return queueEmails(records, name, [{ recipient, context, attachments }]);
}

/**
 * Renders one of the spec's e-mails for each of its recipients and queues them all in one
 * statement, as queueEmail does each: a change's notice to its subscribers is one insert, not one
 * per subscriber (issue 20).
 */
export async function queueEmails<N extends EmailName>(records: Records, name: N, emails: readonly EmailToQueue<N>[]): Promise<void> {
  const messages: MailMessage[] = [];
  for (const { recipient, context, attachments } of emails) {
    messages.push({
      ...(await renderEmail(name, recipient, context)),
      ...(attachments && attachments.length > 0 && { attachments }),
    });
  }
  await enqueueAll(records, MAIL_TOPIC, messages);
}

/** What nodemailer sends of a message: both parts when it has an HTML one. */
const partsOf = (message: Omit<MailMessage, 'attachments'>) => ({
  to: message.to,
  subject: message.subject,
  text: message.text,
  ...(message.html !== undefined && { html: message.html }),
});

/**
 * A transport made with the first e-mail: nodemailer loads then, not at start-up
 * (docs/performance.md, "npm start").
 */
function lazyTransport<T extends Transporter>(make: (nodemailer: (typeof import('nodemailer'))['default']) => T): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= import('nodemailer').then((module) => make(module.default)));
}

/**
 * Sends queued e-mails through the SMTP server of `smtpUrl` (smtp://user:pass@host:587, smtps://…
 * for TLS from the start), from `from`. A refusal throws, so the outbox retries later.
 */
export function mailHandler(smtpUrl: string, from: string): OutboxHandler {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
  return async (payload) => {
    const message = payload as MailMessage;
    await (await transport()).sendMail(mailOf(from, message));
  };
}

/** Where e-mail leaves: SMTP_URL, else .eml files under `folder` (main.ts reads them from the environment). */
export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  folder: string;
}

export function mailSettingsFrom(env: NodeJS.ProcessEnv, defaultFolder: string): MailSettings {
  return {
    smtpUrl: env['SMTP_URL'] || undefined,
    from: env['MAIL_FROM'] ?? 'Reseller Hub <no-reply@localhost>',
    folder: env['MAIL_DIR'] ?? defaultFolder,
  };
}

/** A file sent with an e-mail, read from disk as it is sent (a feed's file may be large). */
export interface MailAttachment {
  filename: string;
  path: string;
  contentType: string;
}

/**
 * Sends one e-mail with attachments now, through the same server (or .eml folder) as the outbox's
 * e-mails, and throws what the server answered: a feed's Test must say at once why it failed, and
 * a file of many megabytes has no place in an outbox row.
 */
export async function sendMailNow(
  settings: MailSettings,
  message: Omit<MailMessage, 'attachments'> & { attachments: MailAttachment[] },
): Promise<void> {
  const nodemailer = (await import('nodemailer')).default;
  const mail = { from: settings.from, ...partsOf(message), attachments: message.attachments };
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    try {
      await transport.sendMail(mail);
    } finally {
      transport.close();
    }
    return;
  }
  const sent = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  await mkdir(settings.folder, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
  await writeFile(join(settings.folder, name), sent.message as Buffer);
}

/**
 * Without an SMTP server (development, a demo), each e-mail is written as an .eml file under
 * `folder`, named by time and recipient, to be opened in any mail program.
 */
export function mailFileHandler(folder: string, from: string): OutboxHandler {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return async (payload) => {
    const message = payload as MailMessage;
    const sent = await (await transport()).sendMail(mailOf(from, message));
    await mkdir(folder, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
    await writeFile(join(folder, name), sent.message as Buffer);
  };
}
