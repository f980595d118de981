import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { writeVersionedRows } from '../../../server/testing/versionedRows';
import { apiWrite } from './api';

/** A quote's shipping to Reseller Partners' Bristol dock by Standard UK delivery (demo shipping type 1). */
export const DOCK_SHIPPING = {
  shipping_type: 1,
  shipping_company_name: 'Reseller Partners UK Ltd',
  shipping_addr_line_1: '2 Dock Road',
  shipping_city: 'Bristol',
  shipping_postal_code: 'BS1 1AA',
  shipping_country_code: 'GB',
} as const;

/** A demo product's id by its code. */
export async function productId(db: Knex, code: string): Promise<number> {
  return ((await db('products').where('product_code', code).first('id')) as { id: number }).id;
}

/**
 * A draft quote from the signed-in root admin to Reseller Partners' admin (POST /quotes, staged
 * through the API), with `fields` over those defaults: its id.
 */
export async function draftQuote(page: Page, fields: Record<string, unknown>): Promise<number> {
  const draft = await apiWrite(page, 'POST', '/quotes', {
    organisation_to: 2,
    recipient_name: 'Rita Reseller',
    recipient_email: 'admin@reseller.example',
    expiry_date: '2030-12-31',
    ...fields,
  });
  return Number(draft['id']);
}

/** Removes a quote a test made, its revisions and lines with it: the browser tests share one database. */
export async function removeQuote(db: Knex, quoteId: number | undefined): Promise<void> {
  if (quoteId === undefined) return;
  await writeVersionedRows(db, async (trx) => {
    await trx('quote_revisions').where('quote_id', quoteId).delete();
    await trx('quote_line_items').where('quote_id', quoteId).delete();
    await trx('quotes').where('id', quoteId).delete();
  });
}
