import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { solidPng } from '../../testing/images';
import { saveOrganisation } from '../../testing/organisationEdits';
import { startSmtpCatcher, unfoldedText, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestServer } from '../../testing/testServer';

// Issue 17 "Branding applied": the e-mails sent to an organisation's users carry its branding,
// its logo included — at the absolute address the portal serves it at, under the recipient's
// portal address (docs/backoffice.md "Custom branding"). Read back from a real SMTP server.

const RESELLER = 2;
const CUSTOMER = 3;
const OTHER_CUSTOMER = 6;
/** The supplier's base URL in the demo data: the portal address of every organisation below it. */
const PORTAL = 'https://hub.supplier.example';
const LOGO = solidPng(12, 6, '#2e86c1');

let server: TestServer;
let callers: BackofficeCallers;
let smtp: SmtpCatcher;

beforeAll(async () => {
  server = await startTestServer();
  callers = await signInBackofficeCallers(server);
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  await server.close();
});

/** The HTML of the message as sent, its quoted-printable soft line breaks and `=` escapes undone. */
async function mailedHtml(to: string): Promise<string> {
  await smtp.deliverFrom(server.db);
  const mail = smtp.latestTo(to);
  if (!mail) throw new Error(`nothing mailed to ${to}`);
  expect(mail.data).toMatch(/Content-Type: text\/html/);
  return unfoldedText(mail);
}

describe("e-mails carry the recipient organisation's logo", () => {
  it("shows a reseller's logo to its customer's new user, at an address that answers the image", async () => {
    const saved = await saveOrganisation(callers.resellerAdmin, RESELLER, {}, [
      { part: 'image', bytes: LOGO, fileName: 'logo.png', type: 'image/png' },
    ]);
    expect(saved.status, saved.text).toBe(200);
    const token = saved.body.branding_image!;

    // A new user of Customer Co (below the reseller) is sent an invitation.
    const invited = await callers.resellerAdmin.post<User>('/api/v1/users', {
      name: 'Lia Logo',
      email_address: 'lia@customer.example',
      organisation: CUSTOMER,
    });
    expect(invited.status, invited.text).toBe(201);
    const html = await mailedHtml('lia@customer.example');
    const logoUrl = `${PORTAL}/api/v1/branding/${token}`;
    expect(html).toContain(`<img src="${logoUrl}"`);

    // The address answers the image itself, to anyone (a mail client has no session).
    const image = await server.client().get(new URL(logoUrl).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(image.bytes).equals(LOGO)).toBe(true);
  });

  it('shows no logo where no organisation up the tree has one', async () => {
    const invited = await callers.root.post<User>('/api/v1/users', {
      name: 'Nico Nologo',
      email_address: 'nico@other-customer.example',
      organisation: OTHER_CUSTOMER,
    });
    expect(invited.status, invited.text).toBe(201);
    const html = await mailedHtml('nico@other-customer.example');
    expect(html).not.toContain('/api/v1/branding/');
    expect(html).not.toContain('<img');
  });
});
