import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { isSealed, KEY_FILE_NAME, keyRing, keyRingOf, loadKeyRing, newKey, open, seal, SEALED_COLUMNS, useKeyRing } from './secrets';

// Secrets at rest (issue 10, finding 3; docs/secrets.md): AES-256-GCM under a key ring whose
// first key seals, kept in HUB_SECRET_KEY or a key file generated into the data folder.

const run = promisify(execFile);
const HUB = join(import.meta.dirname, '../../bin/hub.js');
const [FEED_PASSWORD] = SEALED_COLUMNS;

describe('sealing', () => {
  const ring = keyRingOf([newKey()]);

  it('seals with a fresh IV each time and opens only untouched values under a known key', () => {
    const first = seal(ring, FEED_PASSWORD, 'pässword');
    const second = seal(ring, FEED_PASSWORD, 'pässword');
    expect(first).not.toBe(second);
    expect(isSealed(first)).toBe(true);
    expect(first).toMatch(new RegExp(`^hub1\\.${ring.current.id}\\.`));
    expect(open(ring, FEED_PASSWORD, first)).toBe('pässword');
    const parts = first.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(ring, FEED_PASSWORD, [...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join('.'))).toThrow();
    expect(() => open(keyRingOf([newKey()]), FEED_PASSWORD, first)).toThrow(/does not hold/);
  });

  it('takes its keys from HUB_SECRET_KEY, else from a key file it creates private in the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-keys-'));
    try {
      const created = loadKeyRing({ HUB_DATA_DIR: dataDir });
      expect(statSync(join(dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
      expect(loadKeyRing({ HUB_DATA_DIR: dataDir }).current.id).toBe(created.current.id);
      const [current, older] = [newKey(), newKey()];
      const fromEnvironment = loadKeyRing({ HUB_DATA_DIR: dataDir, HUB_SECRET_KEY: `${current},${older}` });
      expect(fromEnvironment.current.id).toBe(keyRingOf([current]).current.id);
      expect(fromEnvironment.keys.size).toBe(2);
      expect(() => loadKeyRing({ HUB_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('rotation with hub secrets (the documented procedure)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-rotate-'));
  const oldKey = newKey();
  let database: TestDatabase;
  // The test files of a worker share its modules (vite.config.ts: isolate false): the ring is given back after.
  const testRing = keyRing();
  beforeAll(async () => {
    writeFileSync(join(dataDir, KEY_FILE_NAME), `${oldKey}\n`, { mode: 0o600 });
    useKeyRing(keyRingOf([oldKey]));
    database = await createTestDatabase({ fromTemplate: false });
  });
  afterAll(async () => {
    useKeyRing(testRing);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const hub = (...args: string[]) =>
    run(process.execPath, [HUB, ...args], {
      env: { ...process.env, HUB_DATA_DIR: dataDir, DATABASE_URL: database.url, HUB_SECRET_KEY: '' },
    });

  it('puts a new key in front, re-seals every value under it (sealing plain ones left from before), and the old key can go', async () => {
    const before = (await database.db('feeds').whereNotNull('delivery_password').orderBy('id').select('id', 'delivery_password')) as {
      id: number;
      delivery_password: string;
    }[];
    expect(before.length).toBeGreaterThan(0);
    // A password stored before sealing existed.
    await database.db('feeds').where('id', before[0]!.id).update({ delivery_password: 'left-from-before' });
    const plainBefore = [
      'left-from-before',
      ...before.slice(1).map((row) => open(keyRingOf([oldKey]), FEED_PASSWORD, row.delivery_password)),
    ];

    const added = await hub('secrets', 'new-key');
    expect(added.stdout).toMatch(/now seals/);
    const resealed = await hub('secrets', 'reseal');
    const ring = loadKeyRing({ HUB_DATA_DIR: dataDir });
    // The feed passwords and the demo's TOTP secret (user_totps.secret) alike.
    const totpSecrets = Number((await database.db('user_totps').count({ n: '*' }).first())?.['n']);
    expect(totpSecrets).toBeGreaterThan(0);
    expect(resealed.stdout).toContain(
      `${before.length - 1 + totpSecrets} values re-sealed and 1 plain values sealed under key ${ring.current.id}`,
    );

    // Only the new key is needed from now on.
    const newRing = keyRingOf([
      readFileSync(join(dataDir, KEY_FILE_NAME), 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))[0]!,
    ]);
    const after = (await database.db('feeds').whereNotNull('delivery_password').orderBy('id').select('delivery_password')) as {
      delivery_password: string;
    }[];
    expect(after.map((row) => row.delivery_password.split('.')[1])).toEqual(after.map(() => newRing.current.id));
    expect(after.map((row) => open(newRing, FEED_PASSWORD, row.delivery_password))).toEqual(plainBefore);
    expect((await hub('secrets', 'reseal')).stdout).toContain('0 values re-sealed and 0 plain values sealed');
  });
});
