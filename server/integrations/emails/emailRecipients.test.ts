import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase';
import { writeVersionedRows } from '../../testing/versionedRows';
import { settingsFrom } from '../../settings';
import { EmailRecipients, RECIPIENT_COLUMNS, type RecipientRow } from './emailRecipients';

// Who an e-mail goes to and what its common context says (docs/spec.md "emails"): the portal's
// address and the branding come from the recipient's nearest organisation that has them.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
});
afterAll(() => database.drop());

const userRow = async (email: string) =>
  (await database
    .db('users as u')
    .where('u.email_address', email)
    .first(...RECIPIENT_COLUMNS)) as RecipientRow;
const recipientOf = async (email: string) => new EmailRecipients(database.db).user(await userRow(email));

describe('e-mail recipients', () => {
  it("gives a customer's user its reseller's branding and the supplier's base URL, in their language", async () => {
    const buyer = await recipientOf('buyer@customer.example');
    expect(buyer).toMatchObject({
      email_address: 'buyer@customer.example',
      language: 'en',
      portal: { name: 'Reseller Hub', url: 'https://hub.supplier.example' },
      branding: { logo_url: null, colour: '#1f4e79', footer_text: 'Reseller Partners UK Ltd, reselling since 2004' },
    });
  });

  it('gives no branding where no organisation up the tree has one', async () => {
    expect((await recipientOf('admin@supplier.example')).branding).toBeNull();
  });

  it("takes the nearest organisation's branding, and never a colour that is not one", async () => {
    await writeVersionedRows(database.db, (trx) =>
      trx('organisations').where('id', 3).update({ nav_bar_colour: 'red;x:0', footer_text: 'Customer Co' }),
    );
    try {
      expect((await recipientOf('buyer@customer.example')).branding).toEqual({ logo_url: null, colour: null, footer_text: 'Customer Co' });
    } finally {
      await writeVersionedRows(database.db, (trx) =>
        trx('organisations').where('id', 3).update({ nav_bar_colour: null, footer_text: null }),
      );
    }
  });

  it("takes each field from the nearest organisation that sets it, as the portal does; the logo as an address under the portal's", async () => {
    const token = 'ab'.repeat(16);
    await writeVersionedRows(database.db, async (trx) => {
      await trx('organisations').where('id', 2).update({ branding_image: token });
      await trx('organisations').where('id', 3).update({ footer_text: 'Customer Co' });
    });
    try {
      // Customer Co sets only its footer: the reseller's colour and logo stay.
      expect((await recipientOf('buyer@customer.example')).branding).toEqual({
        logo_url: `https://hub.supplier.example/api/v1/branding/${token}`,
        colour: '#1f4e79',
        footer_text: 'Customer Co',
      });
      // Without a base URL up the tree, the logo is under PUBLIC_URL, as the links are.
      await writeVersionedRows(database.db, (trx) => trx('organisations').where('id', 1).update({ base_url: null }));
      const recipient = await recipientOf('buyer@customer.example');
      expect(recipient.branding?.logo_url).toBe(`${recipient.portal.url}/api/v1/branding/${token}`);
      expect(recipient.portal.url).toBe(settingsFrom().publicUrl);
    } finally {
      await writeVersionedRows(database.db, async (trx) => {
        await trx('organisations').where('id', 2).update({ branding_image: null });
        await trx('organisations').where('id', 3).update({ footer_text: null });
        await trx('organisations').where('id', 1).update({ base_url: 'https://hub.supplier.example' });
      });
    }
  });

  it("writes to a feed address in the organisation's look, with no name", async () => {
    const address = await new EmailRecipients(database.db).address('stock@partner.example', 3, 'fr', 'Europe/Paris');
    expect(address).toMatchObject({ email_address: 'stock@partner.example', name: null, language: 'fr', branding: { colour: '#1f4e79' } });
  });
});
