import type Koa from 'koa';

/**
 * What a client going away looks like to a streamed answer: the browser closed the tab, a
 * download was cancelled, a connection was reset. Nothing went wrong on the server, so nothing is
 * logged (a stack trace per closed tab hid the real errors in the log).
 */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE.has(code);
}

/**
 * The app's error log in place of Koa's default: the same rules (no 404s, nothing a client was
 * meant to see), and no entry for a client that left while its answer streamed.
 */
export function logAppErrors(app: Koa): void {
  app.on('error', (error: unknown) => {
    if (isClientGone(error)) return;
    const { status, expose } = (error ?? {}) as { status?: number; expose?: boolean };
    if (status === 404 || expose) return;
    const text = error instanceof Error ? (error.stack ?? String(error)) : String(error);
    console.error(`\n${text.replace(/^/gm, '  ')}\n`);
  });
}
