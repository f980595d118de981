import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { Knex } from 'knex';
import { apiRouter } from './http/apiRouter';
import { problemMiddleware } from './http/problem';
import { csrfMiddleware, securityHeaders } from './http/security';
import { sessionMiddleware } from './http/sessionMiddleware';
import { spaMiddleware } from './http/spa';
import { endEmulation } from './modules/auth/emulation';
import { serialsExport } from './modules/orders/serialsExport';
import type { OutboxDispatcher } from './writes/outbox';

const DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../dist');

export interface AppOptions {
  distDir?: string;
  /** Behind a reverse proxy, trust X-Forwarded-For for the client address (login throttling). */
  proxy?: boolean;
  /** Delivers the messages writes queue (e-mails); kicked after each write commits. */
  outbox?: OutboxDispatcher;
}

export function createApp(db: Knex, options: AppOptions = {}): Koa {
  const app = new Koa({ proxy: options.proxy ?? process.env['TRUST_PROXY'] === '1' });
  const api = apiRouter(db, options.outbox);
  app.use(securityHeaders);
  app.use(problemMiddleware);
  app.use(csrfMiddleware);
  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    try {
      await db.raw('select 1');
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'database unreachable' };
    }
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' }));
  app.use(sessionMiddleware(db));
  app.use(api.routes());
  app.use(endEmulation(db));
  app.use(serialsExport(db));
  app.use(spaMiddleware(options.distDir ?? DIST_DIR));
  return app;
}
