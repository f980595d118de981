import { DomainError } from '../../domain/errors';
import { holdKey } from '../../db/keyLock';
import type { Handler } from '../../http/operationDef';
import { inTransaction } from '../../writes/records';

/** Requests one address may send per window: enough for a team, too few to flood the sales inbox. */
export const REQUEST_WINDOW_MS = 60 * 60_000;
export const MAX_REQUESTS_PER_IP = 10;

/**
 * The public register-interest form (000 §2.5): stored for the sales team to follow up within 48
 * hours. The count and the insert hold the address's key (holdKey), so a burst of requests sent
 * side by side gets no more than the allowance.
 */
export const requestAccount: Handler<'requestAccount'> = async ({ body }, { db, actor, now, ip }) => {
  const at = now();
  return inTransaction(db, actor, async (records) => {
    await holdKey(records.db, `account_requests address ${ip}`);
    const recent = await records
      .db('account_requests')
      .where('ip_address', ip)
      .where('created_at', '>', at - REQUEST_WINDOW_MS)
      .count({ n: '*' })
      .first();
    if (Number(recent?.['n'] ?? 0) >= MAX_REQUESTS_PER_IP)
      throw new DomainError('rate_limited', 'request_rate_limited', { retryAfterSeconds: REQUEST_WINDOW_MS / 1000 });
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
