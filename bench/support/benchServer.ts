/**
 * A server for the benches, started pinned to one core by bench/support/pinned.ts:
 *
 *   portal <database url>   the real app over that database (no outbox, no housekeeping)
 *   bare <answers.json>     a bare Koa route answering each recorded path with the portal's own
 *                           bytes from memory: the ceiling the portal is measured against
 *   floor <database url>    the checkout's floor: a bare transaction writing a checkout's rows
 *                           (bench/support/checkoutFloor.ts)
 *   action-floor <url>      the order action's and quote acceptance's floors (actionFloor.ts)
 *
 * Prints "listening <port>" once it accepts connections. Run bundled (pinned.ts), or by hand with
 * `node --import tsx bench/support/benchServer.ts …` (add --cpu-prof for a profile).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createApp } from '../../server/app';
import { actionFloorApp } from './actionFloor';
import { checkoutFloorApp } from './checkoutFloor';
import { connect } from '../../server/db/connect';
import { keyRingOf, newKey, useKeyRing } from '../../server/db/secrets';

export interface RecordedAnswer {
  path: string;
  contentType: string;
  /** base64 */
  body: string;
}

const [mode, source] = process.argv.slice(2);
let app: Koa;
if (mode === 'portal') {
  useKeyRing(keyRingOf([newKey()]));
  app = createApp(connect(source));
} else if (mode === 'bare') {
  const answers = new Map(
    (JSON.parse(readFileSync(source!, 'utf8')) as RecordedAnswer[]).map((answer) => [
      answer.path,
      { type: answer.contentType, body: Buffer.from(answer.body, 'base64') },
    ]),
  );
  app = new Koa();
  app.use((ctx) => {
    const answer = answers.get(ctx.url);
    if (!answer) {
      ctx.status = 404;
      return;
    }
    ctx.type = answer.type;
    ctx.body = answer.body;
  });
} else if (mode === 'floor') {
  app = checkoutFloorApp(connect(source));
} else if (mode === 'action-floor') {
  app = actionFloorApp(connect(source));
} else {
  throw new Error('usage: benchServer.ts portal <database url> | bare <answers.json> | floor <database url> | action-floor <database url>');
}
const server = app.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
// A clean exit on SIGTERM, so a server started with --cpu-prof writes its profile.
process.on('SIGTERM', () => server.close(() => process.exit(0)));
