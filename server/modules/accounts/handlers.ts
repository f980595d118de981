import type { Handler } from '../../http/operationDef';
import { encodeRow } from '../../db/codec';

/** The public register-interest form (000 §2.5): stored for the sales team to follow up within 48 hours. */
export const requestAccount: Handler<'requestAccount'> = async ({ body }, { db, now }) => {
  const trimmed = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
  const [inserted] = await db('account_requests')
    .insert(encodeRow('account_request', { ...trimmed, vendors_of_interest: body.vendors_of_interest ?? [], created_at: now() }))
    .returning('id');
  const id = typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
  return { id };
};
