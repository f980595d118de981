/**
 * How the test run's global set-up (globalDatabases.ts) tells each test worker where its template
 * databases are and which secret key sealed their secrets: environment variables, which vitest's
 * workers inherit from the main process.
 */
export const TEMPLATE_VARIABLES = { demo: 'HUB_TEST_TEMPLATE_DEMO', empty: 'HUB_TEST_TEMPLATE_EMPTY' } as const;
export const TEST_KEY_VARIABLE = 'HUB_TEST_SECRET_KEY';
