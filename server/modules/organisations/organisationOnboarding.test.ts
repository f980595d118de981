import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { solidPng } from '../../testing/images';
import { multipartBody, type Problem } from '../../testing/organisationEdits';
import { startSmtpCatcher, unfoldedText, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestServer } from '../../testing/testServer';

// Issue 17 "Done when", its first item as one story through the API: a root admin creates an
// organisation with a parent, finance type, account manager, address, branding and first admin;
// the first admin's invitation is read from a real SMTP server, they set a password, enrol TOTP
// (a fixed clock), sign in with a code, create an API client and list orders with it; and the
// organisation's users see its logo and colour.

const RESELLER = 2;
/** Chloe Channel, one of the reseller's account managers: the new organisation's supplier account manager. */
const CHLOE = 3;
const T0 = Date.parse('2026-12-01T09:00:00Z');
const LOGO = solidPng(16, 8, '#8e44ad');
const EMAIL = 'olga@orchard.example';
const PASSWORD = 'an orchard full of pears';

let server: TestServer;
let callers: BackofficeCallers;
let smtp: SmtpCatcher;

beforeAll(async () => {
  // The clock is fixed before anyone signs in: sessions and codes both read it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  server = await startTestServer();
  callers = await signInBackofficeCallers(server);
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  vi.useRealTimers();
  await smtp.close();
  await server.close();
});

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('a new organisation, from its creation to its first admin calling the API', () => {
  it('creates it branded with a first admin, who is invited, sets a password, signs in with TOTP and calls the API with a client of their own', async () => {
    const organisation = {
      name: 'Orchard Supplies',
      parent: RESELLER,
      supplier_account_manager: CHLOE,
      finance_type: 'AGENT',
      nav_bar_colour: '#8e44ad',
      footer_text: 'Orchard Supplies, since 1998',
      account_managers: [{ account_manager_name: 'Otto Orchard', account_manager_email: 'otto@orchard.example' }],
      addresses: [
        {
          name: 'Head office',
          company_name: 'Orchard Supplies Ltd',
          addr_line_1: '3 Pear Tree Lane',
          city: 'Evesham',
          postal_code: 'WR11 4AA',
          country_code: 'GB',
        },
      ],
      first_admin: { first_admin_name: 'Olga Orchard', first_admin_email: EMAIL, first_admin_timezone: 'Europe/London' },
    };
    const created = await callers.root.post<Organisation & Problem>(
      '/api/v1/organisations',
      multipartBody(organisation, [{ part: 'image', bytes: LOGO, fileName: 'orchard.png', type: 'image/png' }]),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      finance_type: 'AGENT',
      nav_bar_colour: '#8e44ad',
      branding_image: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(created.body.parent).toMatchObject({ id: RESELLER });
    expect(created.body.account_managers.map((manager) => manager.account_manager_email)).toEqual(['otto@orchard.example']);
    expect(created.body.addresses.map((address) => address.city)).toEqual(['Evesham']);

    // The invitation, through a real SMTP server; its link carries the token in the fragment.
    await smtp.deliverFrom(server.db);
    const mail = smtp.latestTo(EMAIL);
    expect(mail, 'the invitation was delivered').toBeDefined();
    const raw = unfoldedText(mail!);
    const token = /\/set_password#([A-Za-z0-9_-]{40,})/.exec(raw)?.[1];
    expect(token).toBeDefined();
    // The e-mail already wears the organisation's logo.
    expect(raw).toContain(`/api/v1/branding/${created.body.branding_image!}`);

    const olga = server.client();
    expect((await olga.post('/api/v1/auth/password', { token, password: PASSWORD })).status).toBe(204);
    expect((await olga.login(EMAIL, PASSWORD)).status).toBe(200);

    // Enrolment with a code from the authenticator at the fixed clock, then the ten recovery codes.
    const enrolment = await olga.post<{ secret: string }>('/api/v1/whoami/2fa');
    expect(enrolment.status, enrolment.text).toBe(200);
    const confirmed = await olga.post<{ recovery_codes: string[] }>('/api/v1/whoami/2fa/confirm', {
      code: await codeAt(enrolment.body.secret, Date.now()),
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);

    // A new sign-in: the password alone is not enough; the code of a later step completes it.
    vi.setSystemTime(T0 + 60_000);
    const later = server.client();
    const first = await later.login(EMAIL, PASSWORD);
    expect(first.status).toBe(401);
    expect((first.body as Problem).code).toBe('two_factor_required');
    const signedIn = await later.post<{ email_address: string; admin: boolean }>('/api/v1/auth/login/code', {
      code: await codeAt(enrolment.body.secret, Date.now()),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body).toMatchObject({ email_address: EMAIL, admin: true });

    // Their organisation's logo and colour are what they see (whoami feeds the portal's header).
    const me = await later.get<{ branding: { image: string | null; nav_bar_colour: string | null; footer_text: string | null } }>(
      '/api/v1/whoami',
    );
    expect(me.body.branding).toMatchObject({
      image: `/api/v1/branding/${created.body.branding_image!}`,
      nav_bar_colour: '#8e44ad',
      footer_text: 'Orchard Supplies, since 1998',
    });
    const logo = await server.client().get(me.body.branding.image!);
    expect(Buffer.from(logo.bytes).equals(LOGO)).toBe(true);

    // An API client of their own; its token lists the organisation's orders as them, without a session.
    const client = await later.post<{ token: string }>('/api/v1/whoami/api_clients', { name: 'Orchard ERP' });
    expect(client.status, client.text).toBe(201);
    const orders = await server
      .client()
      .request<unknown[]>('GET', '/api/v1/orders', undefined, { authorization: `Bearer ${client.body.token}` });
    expect(orders.status, orders.text).toBe(200);
    expect(orders.body).toEqual([]);
  });
});
