import type { Knex } from 'knex';
import { toScaled } from '../db/scaled';
import type { ApiResponse, TestClient } from './testServer';

/** Customer Co (000 demo): GBP, finance AGENT, PO required and unique. */
export const CUSTOMER_ORG = 3;

export const GB_ADDRESS = {
  shipping_company_name: 'Customer Co Ltd',
  shipping_recipient_name: 'Goods In',
  shipping_addr_line_1: '1 Market Street',
  shipping_city: 'Leeds',
  shipping_postal_code: 'LS1 1AA',
  shipping_country_code: 'GB',
};

export const FINANCE_DETAILS = {
  finance_target: 'SELF',
  finance_title: 'Ms',
  finance_first_name: 'Fay',
  finance_last_name: 'Dee',
  finance_email_address: 'fay@customer.example',
  finance_contact_number: '01130000000',
  finance_term_length: 60,
  finance_company_number: '00000001',
  finance_company_name: 'Sandbox Approved Ltd',
  finance_reg_company_name: 'Sandbox Approved Ltd',
  finance_reg_addr_line_1: '1 Lending Lane',
  finance_reg_addr_line_2: 'Registered Office',
  finance_reg_city: 'London',
  finance_reg_postal_code: 'EC1A 1AA',
  finance_reg_country_code: 'GB',
} as const;

let made = 0;

/** A basket of Customer Co with lines of demo products by code (test set-up, written directly). */
export async function makeBasket(
  db: Knex,
  lines: [code: string, quantity: number, extra?: Record<string, unknown>][],
  fields: Record<string, unknown> = {},
): Promise<{ id: number; lineIds: number[] }> {
  made += 1;
  const [inserted] = (await db('baskets')
    .insert({
      name: `Checkout test ${made} ${Date.now()}`,
      organisation_id: CUSTOMER_ORG,
      currency: 'GBP',
      total: toScaled('0'),
      payment_type: 'ON_ACCOUNT',
      part_ship: false,
      created_at: Date.now(),
      created_by_id: 3,
      ...fields,
    })
    .returning('id')) as ({ id: number } | number)[];
  const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
  const lineIds: number[] = [];
  for (const [code, quantity, extra] of lines) {
    const product = (await db('products').where('product_code', code).first('id')) as { id: number };
    const [line] = (await db('basket_line_items')
      .insert({ basket_id: id, product_id: product.id, quantity, discount: toScaled('0'), ...extra })
      .returning('id')) as ({ id: number } | number)[];
    lineIds.push(Number(typeof line === 'object' ? line.id : line));
  }
  return { id, lineIds };
}

export const count = async (db: Knex, table: string, where: Record<string, unknown> = {}) =>
  Number(((await db(table).where(where).count({ n: '*' }).first()) as { n: number | string }).n);

export function withHeaders<T>(client: TestClient, path: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse<T>> {
  return client.request<T>('POST', path, body, { 'x-csrf-token': client.csrfToken() ?? '', ...headers });
}
