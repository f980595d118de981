import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// The credit-reference provider is chosen by HUB_CREDIT_PROVIDER (docs/buying.md "Finance"): the
// sandbox by default, or a module of the operator's whose default export makes the provider.

/** creditProvider.ts afresh: it loads the configured provider once per process. */
async function freshModule() {
  vi.resetModules();
  return import('./creditProvider');
}

afterEach(() => {
  vi.unstubAllEnvs();
});
// The worker's later test files share its modules (vite.config.ts: isolate false): they load
// creditProvider.ts afresh too, not the copy that loaded this file's own provider.
afterAll(() => {
  vi.resetModules();
});

describe('the credit provider', () => {
  it('is the sandbox by default, with one documented company number per outcome', async () => {
    vi.stubEnv('HUB_CREDIT_PROVIDER', undefined);
    const provider = await (await freshModule()).creditProvider();
    expect(await provider.lookup(' 00000001 ')).toMatchObject({ company_name: 'Sandbox Approved Ltd', financeable: true });
    expect(await provider.lookup('00000003')).toMatchObject({ financeable: false });
    expect(await provider.lookup('12345678')).toBeNull();
    const application = { amount: '5000.00', term: 60, target: 'SELF' } as const;
    expect(await provider.decide({ ...application, company_number: '00000001' })).toEqual({ approved: true });
    expect(await provider.decide({ ...application, company_number: '00000002' })).toEqual({ approved: false });
  });

  it('loads the module HUB_CREDIT_PROVIDER names (a path from the working directory) and asks it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hub-credit-'));
    try {
      const file = join(folder, 'provider.mjs');
      writeFileSync(
        file,
        `export default () => ({
          lookup: async (number) => number === 'REAL-1' ? { company_number: 'REAL-1', company_name: 'Real Register Ltd', registered_address: null, financeable: true } : null,
          decide: async (application) => ({ approved: Number(application.amount) < 10000 }),
        });\n`,
      );
      vi.stubEnv('HUB_CREDIT_PROVIDER', `./${relative(process.cwd(), file)}`);
      const provider = await (await freshModule()).creditProvider();
      expect(await provider.lookup('REAL-1')).toMatchObject({ company_name: 'Real Register Ltd' });
      // The sandbox's numbers mean nothing to it.
      expect(await provider.lookup('00000001')).toBeNull();
      expect(await provider.decide({ company_number: 'REAL-1', amount: '20000.00', term: 36, target: 'SELF' })).toEqual({
        approved: false,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
