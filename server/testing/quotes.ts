import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { TestClient } from './testServer';
import type { Row } from './testUsers';

/**
 * Quote test helpers (docs/quotes.md): demo organisation 2 (Reseller Partners, GBP, price list 3)
 * has a linked account and a catalogue, so the root admin quotes to it and its admin (Rita,
 * subscribed to quote_created) accepts.
 */
export const RECIPIENT = 2;

export async function productId(db: Knex, code: string): Promise<number> {
  const row = (await db('products').where('product_code', code).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`no product ${code}`);
  return Number(row.id);
}

export const GB_ADDRESS = {
  shipping_company_name: 'Reseller Partners UK Ltd',
  shipping_recipient_name: 'Goods In',
  shipping_addr_line_1: '2 Dock Road',
  shipping_city: 'Bristol',
  shipping_postal_code: 'BS1 1AA',
  shipping_country_code: 'GB',
};

export const ZOOM_DETAILS = {
  zoom_order_type: 'NEW_BUSINESS',
  zoom_deal_registration_id: 'DR-1',
  zoom_deal_registration_approval_id: 'DRA-1',
  zoom_end_user_company: 'End User Ltd',
  zoom_end_user_name: 'Erin End',
  zoom_end_user_email: 'erin@end-user.example',
};

let teams = 0;

/** Three kinds of line (001 issue "done when"): a shippable product, a new Dropbox team (its own name each time), a Zoom plan. */
export async function threeKindsOfLine(db: Knex): Promise<Row[]> {
  teams += 1;
  return [
    { product: await productId(db, 'GEN-HDMI-5M'), quantity: 4, discount: 10 },
    {
      product: await productId(db, 'DBX-BUS-STD'),
      quantity: 5,
      dropbox_team_name: `New Team ${teams}`,
      dropbox_admin_email: 'it@reseller.example',
    },
    { product: await productId(db, 'ZM-ONE-PRO'), quantity: 3, ...ZOOM_DETAILS },
  ] as unknown as Row[];
}

export const header = {
  organisation_to: RECIPIENT,
  recipient_name: 'Rita Reseller',
  recipient_email: 'rita@reseller.example',
  name: 'Quote under test',
  expiry_date: '2030-12-31',
};

/** A new draft to the recipient with the lines (and further fields) given; fails the test unless created. */
export async function createDraft(root: TestClient, body: Record<string, unknown>): Promise<Row> {
  const response = await root.post<Row>('/api/v1/quotes', { ...header, ...body });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A published quote with three kinds of line, shipping to a GB address by the flat-rate method. */
export async function publishedQuote(root: TestClient, db: Knex, extra: Record<string, unknown> = {}): Promise<Row> {
  const draft = await createDraft(root, { line_items: await threeKindsOfLine(db), shipping_type: 1, ...GB_ADDRESS, ...extra });
  const sent = await root.post<Row>(`/api/v1/quotes/${draft.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  return sent.body;
}

export async function linesOf(
  db: Knex,
  table: 'quote_line_items' | 'order_line_items',
  column: 'quote_id' | 'order_id',
  id: number,
): Promise<Row[]> {
  return (await db(table).where(column, id).orderBy('id')) as Row[];
}

export function expectProblem(
  response: { status: number; headers: Headers; body: unknown; text?: string },
  status: number,
  code: string,
  field?: string,
): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body).toMatchObject({ code, message_key: `problem.${code}`, ...(field && { parameter: field }) });
}
