import type { Handler } from '../../http/operationDef';
import { checkAddressLimit } from '../../writes/addressLimit';
import { inTransaction } from '../../writes/records';

/** Requests one address may send per window: enough for a team, too few to flood the sales inbox. */
export const REQUEST_WINDOW_MS = 60 * 60_000;
export const MAX_REQUESTS_PER_IP = 10;

/**
 * The public register-interest form (000 §2.5): stored for the sales team to follow up within 48
 * hours. One address may send MAX_REQUESTS_PER_IP a window (checkAddressLimit: a burst sent side
 * by side gets no more).
 */
export const requestAccount: Handler<'requestAccount'> = async ({ body }, { db, actor, now, ip }) => {
  const at = now();
  return inTransaction(db, actor, async (records) => {
    await checkAddressLimit(records.db, { table: 'account_requests', windowMs: REQUEST_WINDOW_MS, max: MAX_REQUESTS_PER_IP }, ip, at);
    // The write path trims the text fields (requirements, a free text, keeps its own spacing).
    const id = await records.insert('account_request', {
      ...body,
      vendors_of_interest: body.vendors_of_interest ?? [],
      created_at: at,
      ip_address: ip,
    });
    return { id };
  });
};
