import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { queueEmail } from '../../integrations/mail';
import { EmailRecipients, RECIPIENT_COLUMNS, type RecipientRow } from '../../integrations/emails/emailRecipients';
import type { Records } from '../../writes/records';

/**
 * Single-use links e-mailed to a user (docs/backoffice.md "User lifecycle"): an invitation to
 * choose a first password, or a password reset. The token is 256 random bits in the link's
 * fragment (`/set_password#…`), which browsers send to no server and leave out of Referer; the
 * database keeps only its SHA-256. A new link of a purpose replaces the user's earlier ones; using
 * any link removes them all (setPasswordByLink).
 */
export type LinkPurpose = 'INVITATION' | 'PASSWORD_RESET';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  INVITATION: 72 * 3600_000,
  PASSWORD_RESET: 3600_000,
};

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LinkUser {
  id: number;
  name: string;
  email_address: string;
  user_language: string | null;
  organisation: number;
}

/** Removes the user's links (of one purpose, or all): a replaced or used link opens nothing. */
export async function dropLinks(records: Records, userId: number, purpose?: LinkPurpose): Promise<void> {
  const query = records.db('user_tokens').where('user_id', userId);
  if (purpose) query.where('purpose', purpose);
  for (const row of (await query.select('id')) as { id: number }[]) await records.remove('user_token', Number(row.id));
}

/**
 * Issues a new link of `purpose` and queues its e-mail (spec/emails invitation or password_reset),
 * in the caller's transaction. The link starts with the portal's address for the user: their
 * nearest organisation's base URL (002 §3), else PUBLIC_URL.
 */
export async function sendLink(records: Records, user: LinkUser, purpose: LinkPurpose, now: number): Promise<void> {
  await dropLinks(records, user.id, purpose);
  const token = randomBytes(32).toString('base64url');
  await records.insert('user_token', {
    user: user.id,
    purpose,
    token_hash: tokenHash(token),
    created_at: now,
    expires_at: now + LINK_LIFETIME_MS[purpose],
  });
  const row = (await records
    .db('users as u')
    .where('u.id', user.id)
    .first(...RECIPIENT_COLUMNS)) as RecipientRow;
  const recipient = await new EmailRecipients(records.db).user(row);
  const link = `${recipient.portal.url}/set_password#${token}`;
  await queueEmail(records, purpose === 'INVITATION' ? 'invitation' : 'password_reset', recipient, { link });
}

export interface OpenLink {
  tokenId: number;
  purpose: LinkPurpose;
  user: LinkUser & { disabled: boolean };
}

/** The live link a token opens (not expired, its user not disabled), or undefined. */
export async function openLink(db: Knex, token: string, now: number): Promise<OpenLink | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await db('user_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .where('t.token_hash', tokenHash(token))
    .where('t.expires_at', '>', now)
    .first('t.id', 't.purpose', 'u.id as user_id', 'u.name', 'u.email_address', 'u.user_language', 'u.organisation_id', 'u.disabled');
  if (!row || row.disabled === true || row.disabled === 1) return undefined;
  return {
    tokenId: Number(row.id),
    purpose: row.purpose as LinkPurpose,
    user: {
      id: Number(row.user_id),
      name: row.name,
      email_address: row.email_address,
      user_language: row.user_language,
      organisation: Number(row.organisation_id),
      disabled: false,
    },
  };
}

/** What a user row needs to be sent a link. */
export async function linkUser(db: Knex, userId: number): Promise<LinkUser> {
  const row = await db('users').where('id', userId).first('id', 'name', 'email_address', 'user_language', 'organisation_id');
  return {
    id: Number(row.id),
    name: row.name,
    email_address: row.email_address,
    user_language: row.user_language,
    organisation: Number(row.organisation_id),
  };
}
