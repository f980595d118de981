import type { Page } from '@playwright/test';

/**
 * A gate a test opens by hand: a route handler awaits `opened` to hold an answer back (or signals
 * that a request came), until the test calls `open()`.
 */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Requests to `url` answered `ms` late, as on a slow network (the request goes on as it would, then). */
export async function answerLate(page: Page, url: string | RegExp, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}
