import type { Knex } from 'knex';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MAIL_TOPIC, mailHandler } from '../integrations/mail';
import { OutboxDispatcher } from '../writes/outbox';

export interface ReceivedMail {
  to: string[];
  /** The raw message: headers and body as sent. */
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives: what e-mail tests read back. */
export interface SmtpCatcher {
  url: string;
  received: ReceivedMail[];
  /** Answers the next `count` messages with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  /** Sends what the database's outbox holds due through this server, as the portal's dispatcher does; answers how many. */
  deliverFrom(db: Knex): Promise<number>;
  /** The latest message received for `to`, undefined when none came. */
  latestTo(to: string): ReceivedMail | undefined;
  close(): Promise<void>;
}

export interface SmtpCatcherOptions {
  /** A fixed port (the browser tests' portal is started with it); else any free one. */
  port?: number;
  /** Heard with each message kept (the browser tests' catcher writes it where the tests read it). */
  onMessage?: (mail: ReceivedMail) => void;
}

/** The sender the tests' dispatchers send as. */
const TEST_SENDER = 'Reseller Hub <hub@example.test>';

/**
 * A message's text as written, its quoted-printable soft line breaks and `=3D` escapes undone,
 * so links and addresses in it read whole.
 */
export function unfoldedText(mail: ReceivedMail): string {
  return mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  let refusing = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
          return;
        }
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data };
        received.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refuseNext: (count) => (refusing = count),
    deliverFrom: (db) => new OutboxDispatcher(db, { [MAIL_TOPIC]: mailHandler(url, TEST_SENDER) }).deliverDue(),
    latestTo: (to) => received.findLast((mail) => mail.to.includes(to)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
