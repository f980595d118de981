import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { decodeRow } from '../../db/codec';
import { dataDirectory, openFeedPassword } from '../../db/secrets';
import { mailSettingsFrom, type MailSettings } from '../../integrations/mail';
import { EmailRecipients } from '../../integrations/emails/emailRecipients';
import { renderEmail } from '../../integrations/emails/renderEmail';
import { buildFeedFile, type BuiltFeed, type FeedFormat } from './csvEngine';
import { DeliveryFailure, deliverFile, type DeliveryTarget, type FileServer, type TlsTrust } from './delivery';
import { feedFileName } from './feedTime';

/** What delivering feeds needs from the server's settings (README "Settings"). */
export interface FeedSettings {
  mail: MailSettings;
  tls: TlsTrust;
  /** Stock in the Channel's endpoint (HUB_SITC_URL), where SITC feeds are uploaded. */
  sitc: FileServer | undefined;
}

/** sftp://user:password@host:22/folder, ftp://… or ftps://… (990: implicit TLS). */
export function fileServerFromUrl(url: string): FileServer {
  const parsed = new URL(url);
  const protocol = ({ 'sftp:': 'SFTP', 'ftp:': 'FTP', 'ftps:': 'FTPS' } as const)[parsed.protocol as 'sftp:' | 'ftp:' | 'ftps:'];
  if (!protocol) throw new Error(`HUB_SITC_URL must be sftp://, ftp:// or ftps://, not ${parsed.protocol}`);
  const port = parsed.port ? Number(parsed.port) : { SFTP: 22, FTP: 21, FTPS: 990 }[protocol];
  const folder = decodeURIComponent(parsed.pathname).replace(/^\/$/, '');
  return {
    protocol,
    host: parsed.hostname,
    port,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    ...(folder && { folder }),
  };
}

export function feedSettingsFrom(env: NodeJS.ProcessEnv = process.env): FeedSettings {
  const caFile = env['HUB_FEED_TLS_CA'];
  return {
    mail: mailSettingsFrom(env, join(dataDirectory(env), 'mail')),
    tls: caFile ? { ca: readFileSync(caFile, 'utf8') } : {},
    sitc: env['HUB_SITC_URL'] ? fileServerFromUrl(env['HUB_SITC_URL']) : undefined,
  };
}

/** A feed as the runner reads it, its password opened. */
export interface StoredFeed extends FeedFormat {
  id: number;
  name: string;
  active: boolean;
  timeslot: number | null;
  delivery_method: 'EMAIL' | 'FTP' | 'SITC';
  delivery_email: string | null;
  delivery_server: string | null;
  delivery_user: string | null;
  delivery_password: string | null;
  ftp_server_protocol: 'FTP' | 'SFTP' | 'FTPS';
  ftp_server_port: number;
  filename: string | null;
  sitc_filename: string | null;
  sftp_host_key: string | null;
}

const FIELDS = [
  'id',
  'name',
  'organisation',
  'active',
  'timeslot',
  'show_empty_stock',
  'delivery_method',
  'delivery_email',
  'delivery_server',
  'delivery_user',
  'delivery_password',
  'ftp_server_protocol',
  'ftp_server_port',
  'filename',
  'sitc_filename',
  'columns',
  'show_headers',
  'delimiter',
  'escape_method',
  'sftp_host_key',
] as const;

export function storedFeed(row: Record<string, unknown>): StoredFeed {
  const feed = decodeRow<StoredFeed & { organisation: number }>('feed', row, FIELDS);
  return { ...feed, delivery_password: openFeedPassword(feed.delivery_password) };
}

export async function loadFeed(db: Knex, id: number): Promise<StoredFeed | undefined> {
  const row = (await db('feeds').where('id', id).first()) as Record<string, unknown> | undefined;
  return row && storedFeed(row);
}

/** What the feed e-mail says of the file: how many products, its name, and the zone its dates are in. */
interface FeedFile {
  rows: number;
  name: string;
  timezone: string;
}

/**
 * Where the feed's file goes, from its delivery settings (and the server's, for e-mail and SITC).
 * An e-mailed feed's message is spec/emails feed_delivery, in the feed's organisation's preferred
 * language and branding: its address is no user's.
 */
export async function targetOf(
  db: Knex,
  feed: StoredFeed & { organisation: number },
  settings: FeedSettings,
  file: FeedFile,
): Promise<DeliveryTarget> {
  if (feed.delivery_method === 'EMAIL') {
    if (!feed.delivery_email) throw new DeliveryFailure('feed_transfer_failed', 'the feed has no delivery e-mail');
    const organisation = (await db('organisations').where('id', feed.organisation).first('preferred_language')) as
      { preferred_language: string | null } | undefined;
    const recipient = await new EmailRecipients(db).address(
      feed.delivery_email,
      feed.organisation,
      organisation?.preferred_language ?? null,
      file.timezone,
    );
    const message = await renderEmail('feed_delivery', recipient, { feed: { name: feed.name }, rows: file.rows, file_name: file.name });
    return { kind: 'email', message, mail: settings.mail };
  }
  if (feed.delivery_method === 'SITC') {
    if (!settings.sitc) throw new DeliveryFailure('feed_sitc_not_configured', 'HUB_SITC_URL is not set');
    return { kind: 'server', server: settings.sitc, tls: settings.tls, knownHostKey: feed.sftp_host_key };
  }
  const server: FileServer = {
    protocol: feed.ftp_server_protocol,
    host: feed.delivery_server ?? '',
    port: feed.ftp_server_port,
    user: feed.delivery_user ?? '',
    password: feed.delivery_password ?? '',
  };
  return { kind: 'server', server, tls: settings.tls, knownHostKey: feed.sftp_host_key };
}

/** A SITC feed saved by someone other than a root admin has no SITC filename: the organisation's name (002 §4). */
async function withSitcName(db: Knex, feed: StoredFeed): Promise<StoredFeed> {
  if (feed.delivery_method !== 'SITC' || feed.sitc_filename) return feed;
  const organisation = (await db('organisations').where('id', feed.organisation).first('name')) as { name: string };
  return { ...feed, sitc_filename: `${organisation.name.toLowerCase()}.csv` };
}

export interface DeliveredFeed extends BuiltFeed {
  fileName: string;
  hostKey?: string;
}

/**
 * Builds the feed's file (streamed from the database into a temporary file: memory stays flat
 * however large the catalogue) and delivers it; the temporary file is removed either way.
 * `timezone` fills the file name's timestamp. A failure is a DeliveryFailure.
 */
export async function buildAndDeliver(
  db: Knex,
  stored: StoredFeed,
  settings: FeedSettings,
  now: number,
  timezone: string,
): Promise<DeliveredFeed> {
  const feed = await withSitcName(db, stored);
  const folder = await mkdtemp(join(tmpdir(), 'hub-feed-'));
  try {
    const fileName = feedFileName(feed, now, timezone);
    const path = join(folder, 'feed.csv');
    const built = await buildFeedFile(db, feed, path);
    const target = await targetOf(db, feed, settings, { rows: built.rows, name: fileName, timezone });
    const delivered = await deliverFile(target, { path, name: fileName, rows: built.rows });
    return { ...built, fileName, ...(delivered.hostKey && { hostKey: delivered.hostKey }) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
