import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { formValidatorsPlugin } from './runtime/build/formValidatorsPlugin';
import { precompressPlugin } from './runtime/build/precompressPlugin';
import { forms } from './runtime/generated/forms';

/** The SPA build (index.html + runtime/main.tsx → dist/) and the unit-test run. */
export default defineConfig({
  root: '.',
  // Form validators are compiled here, not in the browser: the CSP forbids eval (runtime/build).
  // Assets are written precompressed (brotli and gzip) beside themselves: docs/performance.md.
  plugins: [react(), formValidatorsPlugin(forms), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { input: 'index.html' },
  },
  server: {
    // The Koa API runs beside the dev server; the SPA calls it on the same origin.
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/mask_user': 'http://localhost:3000',
    },
  },
  test: {
    include: [
      'runtime/**/*.test.{ts,tsx}',
      'screens/**/*.test.{ts,tsx}',
      'generator/**/*.test.{ts,tsx}',
      'server/**/*.test.{ts,tsx}',
      'seeds/**/*.test.{ts,tsx}',
      'shared/**/*.test.{ts,tsx}',
      'tests/**/*.test.{ts,tsx}',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // A worker runs its test files one after another on the modules it loaded for the first, where
    // isolation loaded the server and its packages anew for each file: 231 files took 4.4 minutes
    // with isolation and 1.8 without (2026-11-29). A test that changes process-wide state (a key
    // ring, the environment, fake timers, a spy) gives it back when it ends.
    isolate: false,
    // Template databases built once a run, copied by each test file (server/testing/globalDatabases.ts).
    globalSetup: ['server/testing/globalDatabases.ts'],
    // Server and seed tests build a real database and hash passwords at full cost.
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
