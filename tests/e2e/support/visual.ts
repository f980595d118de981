import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';

/**
 * What makes a screenshot comparable run to run and machine to machine (tests/e2e/visual.spec.ts):
 * one font shipped with the tests (Liberation Sans, SIL Open Font License) instead of whatever the
 * machine's system-ui resolves to, and dates, times and generated numbers written as fixed text.
 */
const FONT = readFileSync(new URL('./fonts/LiberationSans-Regular.ttf', import.meta.url)).toString('base64');
const FONT_CSS = `*, *::before, *::after { font-family: 'VisualTest' !important; }`;

/** `5th Mar 2026`, `5th Mar 2026, 14:05`, ISO dates and times, clock times: the content a date or a clock makes differ. */
const DYNAMIC = [
  /\b\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2,8} \d{4}(,? \d{1,2}:\d{2}(:\d{2})?)?/g,
  /\b\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?/g,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  /\b\d{1,2}:\d{2}(:\d{2})?\b/g,
];

/**
 * Gives every page of `page` the test font from its first render on (an init script): the font is
 * added from its bytes as the document starts, so it is loaded, not merely declared, before the
 * portal's code runs, and what measures text as it draws (AG Grid sizing its columns to their
 * content) measures the shipped font. (The grid also fits its columns again when a font arrives
 * late: runtime/list/GridTable.tsx.)
 */
export async function installTestFont(page: Page): Promise<void> {
  await page.addInitScript(
    ({ font, css }) => {
      const bytes = Uint8Array.from(atob(font), (char) => char.charCodeAt(0));
      const face = new FontFace('VisualTest', bytes);
      document.fonts.add(face);
      void face.load();
      const add = () => {
        const style = document.createElement('style');
        style.textContent = css;
        document.head.append(style);
      };
      if (document.head) add();
      else document.addEventListener('DOMContentLoaded', add, { once: true });
    },
    { font: FONT, css: FONT_CSS },
  );
}

/**
 * Gives the page shown the test font now, as a brand's web font arrives: declared and taken into
 * use by every element, so the page draws in a fallback until it has loaded.
 */
export async function useTestFontLate(page: Page): Promise<void> {
  await page.evaluate(
    ({ font, css }) => {
      // Declared, not loaded: the first text drawn in it loads it, as with an @font-face rule. (A
      // data: URL, which the portal's Content-Security-Policy refuses: the test bypasses it.)
      document.fonts.add(new FontFace('VisualTest', `url(data:font/ttf;base64,${font})`));
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    },
    { font: FONT, css: FONT_CSS },
  );
}

/** Waits until the test font is loaded, so glyph metrics are the shipped font's. */
export async function testFontLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.load("16px 'VisualTest'");
    await document.fonts.ready;
  });
}

/** A date (`2026-11-29`) or a time stamp (`2026-11-29T10:15:00.000Z`) as a JSON string value. */
const ANSWERED_DATE = /"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?"/g;

/**
 * Answers the API's JSON to `page` with every date and time stamp in it replaced by one fixed day
 * (in the same form), before the page draws them. fixDynamicText rewrites dates only once they are
 * drawn, too late for a list: AG Grid sizes its columns to their content as it draws, and the demo
 * data's dates are relative to the day it was seeded, so the columns' widths changed from one day
 * to the next (seen across midnight, 2026-11-29).
 */
export async function fixDatesInAnswers(page: Page): Promise<void> {
  await page.route('**/api/v1/**', async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    if (!(headers['content-type'] ?? '').includes('json')) return route.fulfill({ response });
    const body = (await response.text()).replace(ANSWERED_DATE, (_date, time: string | undefined) =>
      time ? '"2026-01-15T10:00:00.000Z"' : '"2026-01-15"',
    );
    // The body given here is the decoded text: the answer's encoding and length no longer apply.
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, body });
  });
}

/** Rewrites every date and time in the page's text to a fixed placeholder of similar width. */
export async function fixDynamicText(page: Page, extra: Locator[] = []): Promise<void> {
  await page.evaluate(
    (patterns) => {
      const regexes = patterns.map((source) => new RegExp(source, 'g'));
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let text = node.textContent ?? '';
        for (const regex of regexes) text = text.replace(regex, '00 Xxx 0000');
        if (text !== node.textContent) node.textContent = text;
      }
      for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[type="date"], input[type="datetime-local"]')))
        input.style.color = 'transparent';
    },
    DYNAMIC.map((regex) => regex.source),
  );
  for (const locator of extra)
    await locator.evaluateAll((elements) =>
      elements.forEach((element) => {
        element.textContent = '#';
      }),
    );
}
