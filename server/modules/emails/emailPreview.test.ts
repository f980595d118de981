import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { addRootUsers, RESELLER_ADMIN, ROOT_ADMIN, ROOT_NO_ROLE_USER, signedIn } from '../../testing/testUsers';

// The root admin's preview of the e-mails (docs/backoffice.md "E-mail templates"): root and admin
// only, checked on the server; each e-mail rendered with its sample as the server sends it.

let server: TestServer;
let root: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addRootUsers(server.db);
  root = await signedIn(server, ROOT_ADMIN);
});
afterAll(() => server.close());

interface Preview {
  name: string;
  locale: string;
  subject: string;
  html: string;
  text: string;
}

describe('e-mail previews', () => {
  it('lists every e-mail of spec/emails with its label and when it is sent', async () => {
    const list = await root.get<{ name: string; label: string; description: string }[]>('/api/v1/email_templates');
    expect(list.status).toBe(200);
    expect(list.body.map((email) => email.name)).toEqual([
      'order_created',
      'order_status_changed',
      'order_requires_manual_auth',
      'invitation',
      'password_reset',
      'quote_created',
      'quote_amended',
      'quote_expiry_warning',
      'feed_delivery',
    ]);
    expect(list.body[0]).toMatchObject({ label: 'emails.order_created', description: expect.stringContaining('An order was placed') });
  });

  it('renders an e-mail with its sample in the language asked for, without branding', async () => {
    const preview = await root.get<Preview>('/api/v1/email_templates/order_status_changed/preview?locale=de');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: 'order_status_changed', locale: 'de', subject: 'Bestellung HUB-10042: Versandt' });
    expect(preview.body.text).toContain('Hallo Sam Supplier,');
    expect(preview.body.text).toContain('Der Status der Bestellung HUB-10042 hat sich von In Bearbeitung zu Versandt geändert.');
    expect(preview.body.html).toContain('<html lang="de">');
    expect(preview.body.html).toContain('border-bottom:4px solid #1f4e79');
    expect(preview.body.text).toContain('https://hub.supplier.example');
  });

  it("renders in an organisation's branding when one is named", async () => {
    const preview = await root.get<Preview>('/api/v1/email_templates/invitation/preview?locale=en&organisation=3');
    expect(preview.status).toBe(200);
    expect(preview.body.text).toContain('Reseller Partners UK Ltd, reselling since 2004');
    expect(preview.body.html).toContain('<p style="margin:0 0 8px;">Reseller Partners UK Ltd, reselling since 2004</p>');
  });

  it('answers 404 for an e-mail that does not exist, 422 for an organisation that does not, 400 for a language that is not one', async () => {
    expectProblem(await root.get('/api/v1/email_templates/order_shipped/preview'), 404, 'email_not_found');
    expectProblem(await root.get('/api/v1/email_templates/invitation/preview?organisation=99999'), 422, 'unknown_value');
    expect((await root.get('/api/v1/email_templates/invitation/preview?locale=pt')).status).toBe(400);
  });

  it('is for root admins only: not for a reseller admin, root staff, or anyone signed out', async () => {
    for (const email of [RESELLER_ADMIN, ROOT_NO_ROLE_USER]) {
      const caller = await signedIn(server, email);
      expectProblem(await caller.get('/api/v1/email_templates'), 403, 'forbidden');
      expectProblem(await caller.get('/api/v1/email_templates/invitation/preview'), 403, 'forbidden');
    }
    expect((await server.client().get('/api/v1/email_templates/invitation/preview')).status).toBe(401);
  });
});
