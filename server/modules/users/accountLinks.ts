import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { queueMail } from '../../integrations/mail';
import { mailText } from '../../integrations/mailText';
import type { Records } from '../../writes/records';
import { settingsFrom } from '../../settings';

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

export const PORTAL_NAME = 'Reseller Hub';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LinkUser {
  id: number;
  name: string;
  email_address: string;
  user_language: string | null;
  organisation: number;
}

/** The portal's address for a user: their nearest organisation with a base URL (002 §3), else PUBLIC_URL. */
async function portalUrl(db: Knex, organisationId: number): Promise<string> {
  const own = await db('organisations').where('id', organisationId).first('tree_path');
  const ids = String(own?.tree_path ?? '').split('/').filter(Boolean).map(Number);
  const branded = await db('organisations').whereIn('id', ids).whereNotNull('base_url').orderBy('depth', 'desc').first('base_url');
  return branded?.base_url ? String(branded.base_url).replace(/\/+$/, '') : settingsFrom().publicUrl;
}

/** Removes the user's links (of one purpose, or all): a replaced or used link opens nothing. */
export async function dropLinks(records: Records, userId: number, purpose?: LinkPurpose): Promise<void> {
  const query = records.db('user_tokens').where('user_id', userId);
  if (purpose) query.where('purpose', purpose);
  for (const row of (await query.select('id')) as { id: number }[]) await records.remove('user_token', Number(row.id));
}

/** Issues a new link of `purpose` and queues its e-mail, in the caller's transaction. */
export async function sendLink(records: Records, user: LinkUser, purpose: LinkPurpose, now: number): Promise<void> {
  await dropLinks(records, user.id, purpose);
  const token = randomBytes(32).toString('base64url');
  await records.insert('user_token', { user: user.id, purpose, token_hash: tokenHash(token), created_at: now, expires_at: now + LINK_LIFETIME_MS[purpose] });
  const link = `${await portalUrl(records.db, user.organisation)}/set_password#${token}`;
  const key = purpose === 'INVITATION' ? 'invitation' : 'password_reset';
  await queueMail(records, {
    to: user.email_address,
    subject: mailText(user.user_language, `mail.${key}.subject`, { portal: PORTAL_NAME }),
    text: mailText(user.user_language, `mail.${key}.text`, { name: user.name, link }),
  });
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
    user: { id: Number(row.user_id), name: row.name, email_address: row.email_address, user_language: row.user_language, organisation: Number(row.organisation_id), disabled: false },
  };
}

/** What a user row needs to be sent a link. */
export async function linkUser(db: Knex, userId: number): Promise<LinkUser> {
  const row = await db('users').where('id', userId).first('id', 'name', 'email_address', 'user_language', 'organisation_id');
  return { id: Number(row.id), name: row.name, email_address: row.email_address, user_language: row.user_language, organisation: Number(row.organisation_id) };
}
