import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isClientGone, logAppErrors } from './errorLog';

// Issue 22 item 17: a browser that disconnects while an answer streams put an
// ERR_STREAM_PREMATURE_CLOSE stack trace in the log each time.

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  vi.restoreAllMocks();
});

/** An app streaming an endless answer at /stream, and failing for real at /fail. */
function start(): Promise<number> {
  const app = new Koa();
  logAppErrors(app);
  app.use((ctx) => {
    if (ctx.path === '/fail') throw new Error('a real failure');
    let sent = 0;
    ctx.body = new Readable({
      read() {
        sent += 1;
        setTimeout(() => this.push(`chunk ${sent}\n`), 5);
      },
    });
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    servers.push(server);
  });
}

const streamedThenAborted = (port: number) =>
  new Promise<void>((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/stream' }, (res) => {
      res.once('data', () => {
        req.destroy();
        setTimeout(resolve, 150);
      });
    });
    req.on('error', () => undefined);
    req.end();
  });

describe('the error log', () => {
  it('says nothing when a client leaves while its answer streams', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await streamedThenAborted(await start());
    expect(logged).not.toHaveBeenCalled();
  });

  it('still logs a real failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = await start();
    expect((await fetch(`http://127.0.0.1:${port}/fail`)).status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('a real failure');
  });

  it('knows a gone client by its code', () => {
    expect(isClientGone(Object.assign(new Error('closed'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))).toBe(true);
    expect(isClientGone(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isClientGone(new Error('plain'))).toBe(false);
    expect(isClientGone(null)).toBe(false);
  });
});
