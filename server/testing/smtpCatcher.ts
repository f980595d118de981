import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
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
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    refuseNext: (count) => (refusing = count),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
