import { expect, type Page } from '@playwright/test';

/**
 * A write through the API as the page's signed-in user (the browser's cookies, the CSRF cookie
 * echoed): what a test uses to stage a record, or to change one behind a screen's back.
 */
export async function apiWrite(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<Record<string, unknown>> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'hub_csrf')?.value ?? '';
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { 'x-csrf-token': csrf },
    ...(data !== undefined && { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.status() === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

/** One record as the API answers it to the page's user. */
export async function apiRead(page: Page, path: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`/api/v1${path}`);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}
