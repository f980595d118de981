import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { Client as FtpClient, FTPError } from 'basic-ftp';
import SftpClient from 'ssh2-sftp-client';
import { sendMailNow, type MailMessage, type MailSettings } from '../../integrations/mail';

/** Why a delivery failed, as a problem code whose catalogue text a user understands (docs/feeds.md). */
export type DeliveryFailureCode =
  | 'feed_connection_refused'
  | 'feed_login_refused'
  | 'feed_unknown_host'
  | 'feed_disk_full'
  | 'feed_host_key_changed'
  | 'feed_timeout'
  | 'feed_transfer_failed'
  | 'feed_sitc_not_configured';

export class DeliveryFailure extends Error {
  constructor(
    readonly code: DeliveryFailureCode,
    /** What the server or library said, for the run's record (not shown as the reason). */
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** The built file handed to a delivery. */
export interface FeedFile {
  path: string;
  name: string;
  rows: number;
}

export interface FileServer {
  protocol: 'FTP' | 'FTPS' | 'SFTP';
  host: string;
  port: number;
  user: string;
  password: string;
  /** A folder on the server the file goes to (SITC's endpoint may name one); default the login folder. */
  folder?: string | undefined;
  /** FTPS only: TLS from the first byte, or AUTH TLS on a plain connection; default by the port (990 implicit). */
  tlsMode?: 'implicit' | 'explicit';
}

/** TLS for FTPS: certificates are verified against the system's authorities plus `ca` (HUB_FEED_TLS_CA). */
export interface TlsTrust {
  ca?: string | undefined;
}

export type DeliveryTarget =
  | { kind: 'email'; message: MailMessage; mail: MailSettings }
  | { kind: 'server'; server: FileServer; tls: TlsTrust; knownHostKey: string | null };

export interface DeliveryResult {
  /** The SFTP server's host key met (SHA-256, base64), to be recorded at first use. */
  hostKey?: string;
}

/** Each network step gives up after this long without an answer. */
const TIMEOUT_MS = 30_000;

/** The library's error in the words of DeliveryFailureCode. */
export function failureOf(error: unknown): DeliveryFailure {
  if (error instanceof DeliveryFailure) return error;
  const record = (error ?? {}) as { code?: unknown; message?: unknown; responseCode?: unknown; cause?: unknown };
  const message = String(record.message ?? error);
  const code = typeof record.code === 'string' ? record.code : '';
  const numeric = error instanceof FTPError ? error.code : typeof record.responseCode === 'number' ? record.responseCode : undefined;
  const text = `${code} ${message}`;
  if (/ECONNREFUSED/.test(text)) return new DeliveryFailure('feed_connection_refused', message);
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(text)) return new DeliveryFailure('feed_unknown_host', message);
  if (/ETIMEDOUT|[Tt]imeout|timed out/.test(text)) return new DeliveryFailure('feed_timeout', message);
  if (
    numeric === 530 ||
    code === 'EAUTH' ||
    numeric === 535 ||
    /authentication|[Ll]ogin incorrect|[Pp]ermission denied \(password/.test(message)
  ) {
    return new DeliveryFailure('feed_login_refused', message);
  }
  if (numeric === 552 || numeric === 452 || /ENOSPC|[Nn]o space|quota|[Dd]isk full/.test(text))
    return new DeliveryFailure('feed_disk_full', message);
  if (/host key|[Hh]ost.*verif/.test(message)) return new DeliveryFailure('feed_host_key_changed', message);
  return new DeliveryFailure('feed_transfer_failed', message);
}

/** A name no reader takes for the file: the upload lands here, then is renamed in one step. */
function temporaryName(name: string): string {
  return `.${name}.${randomBytes(4).toString('hex')}.part`;
}

const remotePath = (folder: string | undefined, name: string) => (folder ? `${folder.replace(/\/+$/, '')}/${name}` : name);

/**
 * FTP or FTPS with basic-ftp. FTPS on port 990 is implicit TLS (the connection is TLS from its
 * first byte), on any other port explicit (AUTH TLS on a plain connection): the two conventions.
 */
async function uploadFtp(server: FileServer, tls: TlsTrust, file: FeedFile): Promise<void> {
  const client = new FtpClient(TIMEOUT_MS);
  const temporary = remotePath(server.folder, temporaryName(file.name));
  const final = remotePath(server.folder, file.name);
  try {
    await client.access({
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
      secure:
        server.protocol === 'FTPS'
          ? (server.tlsMode ?? (server.port === 990 ? 'implicit' : 'explicit')) === 'implicit'
            ? 'implicit'
            : true
          : false,
      ...(server.protocol === 'FTPS' && {
        secureOptions: { ...(!isIP(server.host) && { servername: server.host }), ...(tls.ca && { ca: tls.ca }) },
      }),
    });
    await client.uploadFrom(file.path, temporary);
    try {
      await client.rename(temporary, final);
    } catch {
      // Servers that will not rename over an existing file: the old one goes first.
      await client.remove(final, true);
      await client.rename(temporary, final);
    }
  } catch (error) {
    // Leave nothing half-written behind, when the connection still lets us.
    if (!client.closed) await client.remove(temporary, true).catch(() => undefined);
    throw failureOf(error);
  } finally {
    client.close();
  }
}

/** The SHA-256 of a host key, base64, as OpenSSH shows fingerprints. */
export function hostKeyFingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64').replace(/=+$/, '');
}

/** SFTP with ssh2-sftp-client; the host key must be the one met at first use. */
async function uploadSftp(server: FileServer, file: FeedFile, knownHostKey: string | null): Promise<DeliveryResult> {
  // The library's own listeners print every unplanned end and close of the connection to stdout.
  // A connection that ends under an operation fails that operation, which says why (failureOf);
  // an error between operations is logged once, naming the server.
  const client = new SftpClient('feed', {
    error: (error: unknown) =>
      console.error(`feed SFTP ${server.host}:${server.port}: ${error instanceof Error ? error.message : String(error)}`),
    end: () => undefined,
    close: () => undefined,
  });
  let met: string | undefined;
  const temporary = remotePath(server.folder, temporaryName(file.name));
  const final = remotePath(server.folder, file.name);
  let connected = false;
  try {
    await client.connect({
      host: server.host,
      port: server.port,
      username: server.user,
      password: server.password,
      readyTimeout: TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        met = hostKeyFingerprint(key);
        return knownHostKey === null || knownHostKey === met;
      },
    });
    connected = true;
    await client.fastPut(file.path, temporary);
    try {
      await client.rename(temporary, final);
    } catch {
      // SFTP v3 renames only onto a free name: the old file goes first.
      await client.delete(final, true);
      await client.rename(temporary, final);
    }
    return met ? { hostKey: met } : {};
  } catch (error) {
    if (knownHostKey !== null && met !== undefined && met !== knownHostKey) {
      throw new DeliveryFailure('feed_host_key_changed', `host key ${met} is not the recorded ${knownHostKey}`);
    }
    if (connected) await client.delete(temporary, true).catch(() => undefined);
    throw failureOf(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Delivers the built file to its target; a failure is a DeliveryFailure saying why. */
export async function deliverFile(target: DeliveryTarget, file: FeedFile): Promise<DeliveryResult> {
  if (target.kind === 'email') {
    try {
      await sendMailNow(target.mail, {
        ...target.message,
        attachments: [{ filename: file.name, path: file.path, contentType: 'text/csv' }],
      });
      return {};
    } catch (error) {
      throw failureOf(error);
    }
  }
  if (target.server.protocol === 'SFTP') return uploadSftp(target.server, file, target.knownHostKey);
  await uploadFtp(target.server, target.tls, file);
  return {};
}
