import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';

function rawGet(origin: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

// The build writes .br and .gz beside each asset (runtime/build/precompressPlugin.ts); the server
// picks the one the client takes, and caches hashed names for good.
describe('static files', () => {
  let database: TestDatabase;
  let server: Server;
  let origin: string;
  const distDir = mkdtempSync(join(tmpdir(), 'hub-dist-'));
  const script = Buffer.from(`console.log(${JSON.stringify('a'.repeat(4000))});\n`);
  const page = Buffer.from(`<!doctype html><title>hub</title>${'<!-- padding -->'.repeat(100)}`);

  beforeAll(async () => {
    mkdirSync(join(distDir, 'assets'));
    for (const [name, content] of [
      ['index.html', page],
      ['assets/app-1a2b3c.js', script],
    ] as const) {
      writeFileSync(join(distDir, name), content);
      writeFileSync(join(distDir, `${name}.br`), brotliCompressSync(content));
      writeFileSync(join(distDir, `${name}.gz`), gzipSync(content));
    }
    database = await createTestDatabase({ demo: false });
    server = await new Promise((resolve) => {
      const listening = createApp(database.db, { distDir }).listen(0, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed, as immutable for a year, and without a cookie', async () => {
    const br = await rawGet(origin, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);
    expect(br.headers['set-cookie']).toBeUndefined();

    const gzip = await rawGet(origin, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);

    const plain = await rawGet(origin, '/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });

  it('sends the page compressed too, but revalidated on every load', async () => {
    const index = await rawGet(origin, '/webstore/products', { 'accept-encoding': 'br' });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.body).equals(page)).toBe(true);
  });
});
