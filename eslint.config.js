// Lint rules, including the ones that keep the layers apart (docs/architecture.md):
// runtime never imports screens or server; screens never import server; server never imports
// the browser side; the generator imports none of them.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The tables of entities that carry a data version (spec `data_version:`), read from the spec. */
const VERSIONED_TABLES = readdirSync(new URL('./spec/entities/', import.meta.url))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => Object.values(parse(readFileSync(new URL(`./spec/entities/${file}`, import.meta.url), 'utf8')).entities ?? {}))
  .filter((entity) => entity.data_version !== undefined)
  .map((entity) => entity.table)
  .sort();

/**
 * The HTTP edge of server/modules: the files the spec's `handler:`s name (they take the request's
 * context), each module's handlers.ts, and the session's cookie bookkeeping. Every other module
 * file is a service: it takes the write path (Records) and the caller, and runs without HTTP.
 */
const HANDLER_FILES = readdirSync(new URL('./spec/api/', import.meta.url))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    [...readFileSync(new URL(`./spec/api/${file}`, import.meta.url), 'utf8').matchAll(/^\s*handler:\s*([\w/]+)#/gm)].map(
      (match) => `server/modules/${match[1]}.ts`,
    ),
  );
const EDGE_FILES = [
  ...new Set([...HANDLER_FILES, 'server/modules/*/handlers.ts', 'server/modules/auth/sessions.ts', 'server/modules/auth/signedIn.ts']),
].sort();
const SERVER_FORBIDDEN = ['**/runtime/**', '**/screens/**', '**/generator/**'];
const SERVER_MESSAGE = 'The server must not import browser code or the generator.';

const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-server/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/migrations/**',
      '**/generated/**',
      // Vendure, installed on its own for bench/vendure-compare.ts: its build output.
      'bench/vendure/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['runtime/**/*.{ts,tsx}', 'screens/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  layer(
    ['runtime/**'],
    ['**/screens/**', '**/server/**', '**/seeds/**', '**/generator/**'],
    'The runtime is generic: it must not import screens, the server, seeds or the generator.',
  ),
  layer(
    ['screens/**'],
    ['**/server/**', '**/seeds/**', '**/generator/**'],
    'Screens run in the browser: use the typed client, not server code.',
  ),
  layer(['server/**'], SERVER_FORBIDDEN, SERVER_MESSAGE),
  layer(['generator/**'], ['**/runtime/**', '**/screens/**', '**/server/**', '**/seeds/**'], 'The generator reads only the spec.'),
  layer(
    ['shared/**'],
    ['**/runtime/**', '**/screens/**', '**/server/**', '**/seeds/**', '**/generator/**'],
    'Shared rules run in the browser and on the server: they import neither.',
  ),
  layer(['seeds/**'], ['**/runtime/**', '**/screens/**', '**/generator/**'], 'Seeds write data through the server storage helpers only.'),
  // Services run without HTTP (docs/architecture.md): they raise DomainErrors, which the API edge
  // (server/http/problem.ts) alone turns into problems; no module builds an HttpProblem. Files
  // other than the edge take Records and the caller, never the request's context, cookies or Koa.
  // (A later block for the same file replaces no-restricted-imports, so each repeats the layer's.)
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_FORBIDDEN, message: SERVER_MESSAGE },
            { group: ['**/http/problem'], message: 'Raise a DomainError (server/domain/errors.ts): the API edge maps it to a problem.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['server/**/*.test.ts', ...EDGE_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_FORBIDDEN, message: SERVER_MESSAGE },
            {
              group: ['**/http/**', 'koa', '@koa/*', 'koa-*'],
              message:
                'A service takes (records, user) and plain data and runs without HTTP; only handler files (named by the spec) touch the request.',
            },
          ],
        },
      ],
    },
  },
  // One write path (docs/architecture.md): records are inserted, updated and deleted through
  // server/writes/records.ts, which audits them in the same transaction. Raw Knex writes are left
  // to the write path itself, the audit trail it calls, the session and sign-in bookkeeping, and
  // re-sealing stored secrets under a new key (the values do not change: nothing to audit).
  {
    files: ['server/**/*.ts'],
    ignores: [
      'server/writes/**',
      'server/modules/audit/auditTrail.ts',
      'server/modules/auth/sessions.ts',
      'server/modules/auth/loginChallenges.ts',
      'server/modules/auth/apiClientAuth.ts',
      'server/modules/auth/loginThrottle.ts',
      'server/db/secrets.ts',
      'server/testing/**',
      'server/**/*.test.ts',
      'server/cli/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(insert|update|del|delete|truncate|upsert|merge)$/][callee.object.type='CallExpression'][callee.object.callee.name!=/^(createHash|createHmac)$/]",
          message: 'Write records through server/writes/records.ts (context.records), which audits the change in the same transaction.',
        },
      ],
    },
  },
  // Cached answers are keyed by data versions (docs/performance.md), which the write path bumps
  // with every write of an entity whose spec names one (`data_version:`). A test that writes such
  // a table itself does it through writeVersionedRows (server/testing/versionedRows.ts), which bumps
  // them too; a raw write elsewhere would leave every server process serving what was cached.
  {
    files: ['server/**/*.test.ts', 'server/testing/**/*.ts', 'tests/**/*.ts', 'seeds/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(insert|update|del|delete|truncate|upsert|merge)$/] > MemberExpression.callee CallExpression[arguments.0.value=/^(${VERSIONED_TABLES.join('|')})$/]:not(CallExpression[callee.name='writeVersionedRows'] *)`,
          message:
            'Write tables that carry a data version (users, organisations, roles, grants, the catalogue, orders…) in tests through writeVersionedRows (server/testing/versionedRows.ts), which bumps the versions.',
        },
      ],
    },
  },
);
