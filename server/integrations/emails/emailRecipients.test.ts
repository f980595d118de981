import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase';
import { writeVersionedRows } from '../../testing/versionedRows';
import { settingsFrom } from '../../settings';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';
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

describe('recipients in a writing transaction: looks kept under the access version (docs/performance.md, "Checkout")', () => {
  const lookInTransaction = async (email: string, statements: string[]) => {
    const row = await userRow(email);
    const onQuery = (query: { sql: string }) => statements.push(query.sql);
    database.db.on('query', onQuery);
    try {
      return await inTransaction(database.db, SYSTEM_ACTOR, (records) => new EmailRecipients(records.db, records).user(row));
    } finally {
      database.db.removeListener('query', onQuery);
    }
  };
  const treeReads = (statements: string[]) => statements.filter((sql) => /from [`"]organisations[`"]/i.test(sql)).length;

  it('reads the tree once per access version, and a branding written since is in the next e-mail', async () => {
    await lookInTransaction('buyer@customer.example', []);
    const warm: string[] = [];
    expect((await lookInTransaction('buyer@customer.example', warm)).branding?.footer_text).toBe(
      'Reseller Partners UK Ltd, reselling since 2004',
    );
    expect(treeReads(warm)).toBe(0);
    await writeVersionedRows(database.db, (trx) => trx('organisations').where('id', 3).update({ footer_text: 'Customer Co' }));
    try {
      const after: string[] = [];
      expect((await lookInTransaction('buyer@customer.example', after)).branding?.footer_text).toBe('Customer Co');
      expect(treeReads(after)).toBeGreaterThan(0);
    } finally {
      await writeVersionedRows(database.db, (trx) => trx('organisations').where('id', 3).update({ footer_text: null }));
    }
  });

  it('reads directly in a transaction that wrote organisations itself: what it sees is not committed', async () => {
    await lookInTransaction('buyer@customer.example', []);
    const row = await userRow('buyer@customer.example');
    const footer = await inTransaction(database.db, SYSTEM_ACTOR, async (records) => {
      await records.update('organisation', 3, { footer_text: 'Not yet committed' });
      const look = await new EmailRecipients(records.db, records).user(row);
      throw Object.assign(new Error('roll back'), { footer: look.branding?.footer_text });
    }).catch((error: { footer?: string }) => error.footer);
    expect(footer).toBe('Not yet committed');
    // Rolled back: the next transaction's e-mail has the committed branding, not the uncommitted one.
    expect((await lookInTransaction('buyer@customer.example', [])).branding?.footer_text).toBe(
      'Reseller Partners UK Ltd, reselling since 2004',
    );
  });
});
