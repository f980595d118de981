import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eMailDir } from './portal';
import { unfoldedText, type ReceivedMail } from '../../../server/testing/smtpCatcher';

/** The messages the browser tests' SMTP server received so far, oldest first (support/mailCatcher.ts). */
function receivedMail(): ReceivedMail[] {
  return readdirSync(e2eMailDir())
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(e2eMailDir(), name), 'utf8')) as ReceivedMail);
}

/**
 * The latest message the portal sent to `to` through its SMTP server, as text (quoted-printable
 * line breaks undone), once `matching` finds in it what the test waits for. The portal delivers
 * after the change commits, so this waits for it.
 */
export async function mailedTo(to: string, matching: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const mail = receivedMail().findLast((message) => message.to.includes(to) && matching.test(unfoldedText(message)));
        text = mail ? unfoldedText(mail) : '';
        return text !== '';
      },
      { message: `a message to ${to} matching ${matching}`, timeout: 15_000 },
    )
    .toBe(true);
  return text;
}

/** The set-password link (invitation or reset) of the latest message to `to`. */
export async function mailedLink(to: string): Promise<URL> {
  const text = await mailedTo(to, /\/set_password#[A-Za-z0-9_-]+/);
  return new URL(/https?:\/\/\S+?\/set_password#[A-Za-z0-9_-]+/.exec(text)![0]);
}
