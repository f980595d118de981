import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';

/**
 * Secrets at rest (docs/secrets.md): values such as a feed's delivery password are sealed with
 * AES-256-GCM before they reach the database (and its WAL), and opened only where the server
 * must use them. The key ring's first key seals; every key opens. A sealed value names its key
 * by id, so a new key can be added in front, the values re-sealed (`hub secrets reseal`) and the
 * old key dropped.
 */
export interface KeyRing {
  /** The key new values are sealed with. */
  current: { id: string; key: Buffer };
  /** Every key by id, the current one included. */
  keys: Map<string, Buffer>;
}

const PREFIX = 'hub1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const KEY_FILE_NAME = 'secret.keys';

/** The columns holding sealed values: each value is bound to its column (the GCM associated data). */
export const SEALED_COLUMNS = [
  { table: 'feeds', column: 'delivery_password' },
  { table: 'user_totps', column: 'secret' },
] as const;
type SealedColumn = (typeof SEALED_COLUMNS)[number];
const FEED_PASSWORD = SEALED_COLUMNS[0];
const TOTP_SECRET = SEALED_COLUMNS[1];

/** The id a sealed value carries: the first 8 hex digits of the key's SHA-256 (not the key). */
function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** A fresh random key in the form HUB_SECRET_KEY and the key file hold it (base64). */
export function newKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** A key ring from base64 keys, the first one current; anything but 32-byte keys is refused. */
export function keyRingOf(encodedKeys: string[]): KeyRing {
  const keys = encodedKeys.map((encoded) => {
    const key = Buffer.from(encoded.trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`a secret key must be ${KEY_BYTES} bytes in base64 (hub secrets new-key makes one)`);
    return key;
  });
  if (keys.length === 0) throw new Error('the key ring is empty');
  const current = keys[0]!;
  return { current: { id: keyId(current), key: current }, keys: new Map(keys.map((key) => [keyId(key), key])) };
}

/** The data folder: HUB_DATA_DIR, else data/ beside the project (where the SQLite file lives). */
export function dataDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env['HUB_DATA_DIR'] || join(ROOT, 'data');
}

const keyFileText = (keys: string[]) =>
  `# Reseller Hub secret keys (docs/secrets.md): the first seals, all open. Keep this file private.\n${keys.join('\n')}\n`;

const keysIn = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/**
 * The key ring of this installation: HUB_SECRET_KEY (base64 keys, comma-separated, the first
 * current), else the key file in the data folder, which is created with a new key (mode 0600)
 * when it does not exist yet.
 */
export function loadKeyRing(env: NodeJS.ProcessEnv = process.env): KeyRing {
  const fromEnvironment = env['HUB_SECRET_KEY'];
  if (fromEnvironment) return keyRingOf(fromEnvironment.split(','));
  const file = join(dataDirectory(env), KEY_FILE_NAME);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, keyFileText([newKey()]), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process starting at the same moment wrote it first: use theirs.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return keyRingOf(keysIn(readFileSync(file, 'utf8')));
}

/** Puts a new key in front of the key file's (the old ones still open what they sealed). */
export function addKeyToFile(env: NodeJS.ProcessEnv = process.env): string {
  const file = join(dataDirectory(env), KEY_FILE_NAME);
  const existing = existsSync(file) ? keysIn(readFileSync(file, 'utf8')) : [];
  const key = newKey();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, keyFileText([key, ...existing]), { mode: 0o600 });
  return keyId(Buffer.from(key, 'base64'));
}

const encode = (buffer: Buffer) => buffer.toString('base64url');
const associatedData = (column: SealedColumn) => Buffer.from(`${column.table}.${column.column}`);

export function isSealed(value: string): boolean {
  return value.startsWith(`${PREFIX}.`);
}

/** hub1.<key id>.<iv>.<ciphertext>.<tag>, base64url; a fresh IV every time. */
export function seal(ring: KeyRing, column: SealedColumn, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv).setAAD(associatedData(column));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, ring.current.id, encode(iv), encode(data), encode(cipher.getAuthTag())].join('.');
}

/** The plain value; a value tampered with, moved to another column or sealed under an unknown key throws. */
export function open(ring: KeyRing, column: SealedColumn, sealed: string): string {
  const [prefix, id = '', iv = '', data = '', tag = ''] = sealed.split('.');
  if (prefix !== PREFIX) throw new Error('not a sealed value');
  const key = ring.keys.get(id);
  if (!key) throw new Error(`sealed under key ${id}, which the key ring does not hold`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(associatedData(column));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The process's key ring: set at start-up (server/main.ts, the tests), else loaded on first use. */
let processRing: KeyRing | undefined;
export function useKeyRing(ring: KeyRing): void {
  processRing = ring;
}
export function keyRing(): KeyRing {
  processRing ??= loadKeyRing();
  return processRing;
}

/** A feed's delivery password as stored: sealed, or null when there is none. */
export function sealFeedPassword(plain: string | null | undefined): string | null {
  return plain === null || plain === undefined ? null : seal(keyRing(), FEED_PASSWORD, plain);
}

/** A stored feed delivery password, opened (for the delivery that sends with it). */
export function openFeedPassword(stored: string | null): string | null {
  return stored === null ? null : open(keyRing(), FEED_PASSWORD, stored);
}

/** A user's TOTP secret (base32) as stored: sealed, as feed passwords are. */
export function sealTotpSecret(plain: string): string {
  return seal(keyRing(), TOTP_SECRET, plain);
}

export function openTotpSecret(stored: string): string {
  return open(keyRing(), TOTP_SECRET, stored);
}

/** A key derived from the current key for another purpose (HKDF-SHA256), never the sealing key itself. */
export function derivedKey(ring: KeyRing, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', ring.current.key, Buffer.alloc(0), `reseller-hub ${purpose}`, KEY_BYTES));
}

/**
 * Seals every value of the sealed columns that is still plain (written before sealing existed)
 * and re-seals those sealed under another key than the current one, row by row in one
 * transaction. Returns how many values it sealed and re-sealed.
 */
export async function resealAll(db: Knex, ring: KeyRing): Promise<{ sealed: number; resealed: number }> {
  let sealed = 0;
  let resealed = 0;
  await db.transaction(async (trx) => {
    for (const column of SEALED_COLUMNS) {
      const rows = (await trx(column.table).whereNotNull(column.column).select('id', column.column)) as Record<string, unknown>[];
      for (const row of rows) {
        const value = String(row[column.column]);
        const current = isSealed(value) && value.split('.')[1] === ring.current.id;
        if (current) continue;
        const plain = isSealed(value) ? open(ring, column, value) : value;
        await trx(column.table)
          .where('id', row['id'] as number)
          .update({ [column.column]: seal(ring, column, plain) });
        if (isSealed(value)) resealed++;
        else sealed++;
      }
    }
  });
  return { sealed, resealed };
}
