import { logAppErrors } from './http/errorLog';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { answerClientErrors } from './http/clientErrors';
import type { Knex } from 'knex';
import { apiRouter } from './http/apiRouter';
import { problemMiddleware } from './http/problem';
import { derivedKey, keyRing, type KeyRing } from './db/secrets';
import { clientAddressMiddleware } from './http/clientAddress';
import { compression } from './http/compression';
import { cookiePolicy, csrfMiddleware, securityHeaders } from './http/security';
import { settingsFrom } from './settings';
import { sessionMiddleware } from './http/sessionMiddleware';
import { spaMiddleware } from './http/spa';
import { pageLinks } from './http/pageLinks';
import type { OutboxDispatcher } from './writes/outbox';

const DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../dist');

export interface AppOptions {
  distDir?: string;
  /** Proxies whose X-Forwarded-For names the client (sign-in throttling); default TRUST_PROXY. */
  trustedProxies?: string[];
  /** Secure, __Host- cookies and HSTS (HTTPS deployments); default on in production. */
  secureCookies?: boolean;
  /** The keys CSRF tokens are signed with; default the process's key ring (server/db/secrets.ts). */
  keyRing?: KeyRing;
  /** Delivers the messages writes queue (e-mails); kicked after each write commits. */
  outbox?: OutboxDispatcher;
}

/** The methods whose JSON body is parsed (@koa/bodyparser's own default). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * JSON request bodies through @koa/bodyparser, loaded with the first request that may carry one:
 * it and its parsers are a good part of the packages the server loads, and no page or read needs
 * them (docs/performance.md, "npm start"). Other methods pass as they would through it.
 */
function jsonBodies(): Koa.Middleware {
  let parser: Promise<Koa.Middleware> | undefined;
  return async (ctx, next) => {
    if (!BODY_METHODS.has(ctx.method)) return next();
    parser ??= import('@koa/bodyparser').then(({ bodyParser }) =>
      bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' }),
    );
    return (await parser)(ctx, next);
  };
}

export function createApp(db: Knex, options: AppOptions = {}): Koa {
  const settings = settingsFrom();
  // Koa's own proxy trust would take any X-Forwarded-For at its word; clientAddressMiddleware
  // takes it only from the trusted proxies.
  const app = new Koa({ proxy: false });
  logAppErrors(app);
  const api = apiRouter(db, options.outbox);
  app.use(
    cookiePolicy({ secure: options.secureCookies ?? settings.secureCookies, csrfKey: derivedKey(options.keyRing ?? keyRing(), 'csrf') }),
  );
  app.use(clientAddressMiddleware(options.trustedProxies ?? settings.trustedProxies));
  // Outside the problem middleware, so problems are compressed like any answer.
  app.use(compression);
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
  app.use(jsonBodies());
  app.use(pageLinks());
  app.use(sessionMiddleware(db));
  app.use(api);
  app.use(spaMiddleware(options.distDir ?? DIST_DIR));
  // Every server listening for the app answers the parser's own refusals as problems too.
  const listen = app.listen.bind(app);
  app.listen = ((...args: Parameters<Koa['listen']>) => {
    const server = listen(...args);
    answerClientErrors(server);
    return server;
  }) as Koa['listen'];
  return app;
}
