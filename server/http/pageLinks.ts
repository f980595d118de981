import type { Context, Next } from 'koa';
import { operations } from '../generated/operations';
import type { OperationDef, OperationId } from './operationDef';
import { HttpProblem } from './problem';

/**
 * The full-page links the browser follows outside the SPA, each answered by an operation of the
 * spec: the link is rewritten to the operation's path under /api/v1 and served by the API router,
 * so who may call, the id's pattern and the caller's scope are the operation's, as for any API
 * call. Only what a page needs besides is here: a signed-out visitor of a session operation is sent
 * to sign in and back, and an answer naming `next` is a redirect there.
 */
interface PageLink {
  /** The page's path; its groups fill the operation's path parameters, in order. */
  page: RegExp;
  operation: OperationId;
}

const PAGE_LINKS: readonly PageLink[] = [
  // 001 §2 view-serials modal, §7 plain links.
  { page: /^\/webstore\/orders\/([^/]+)\/serials\/export$/, operation: 'exportOrderSerials' },
  // 002 §4 Emulation: the emulation bar's stop link.
  { page: /^\/mask_user\/end$/, operation: 'endEmulation' },
];

const operationById = (id: OperationId): OperationDef => {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`page link to unknown operation ${id}`);
  return operation;
};

/** The operation's path with the page's values in its parameters (`/orders/:id/…` → `/api/v1/orders/6/…`). */
function apiPathOf(operation: OperationDef, values: readonly string[]): string {
  let next = 0;
  return `/api/v1${operation.path.replace(/:[a-z_]+/g, () => values[next++] ?? '')}`;
}

/** Mounted after CSRF (a link's GET carries no token) and before the session and the API router, which serve the rewritten request. */
export function pageLinks() {
  const links = PAGE_LINKS.map((link) => ({ ...link, def: operationById(link.operation) }));
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    for (const { page, def } of links) {
      const match = page.exec(ctx.path);
      if (!match || (ctx.method === 'HEAD' && def.method !== 'get')) continue;
      const url = ctx.url;
      ctx.path = apiPathOf(def, match.slice(1));
      if (ctx.method === 'GET') ctx.method = def.method.toUpperCase();
      try {
        await next();
      } catch (error) {
        if (def.auth === 'session' && error instanceof HttpProblem && error.status === 401) {
          ctx.redirect(`/login?${new URLSearchParams({ next: url }).toString()}`);
          return;
        }
        throw error;
      }
      const body = ctx.body as { next?: unknown } | undefined;
      if (ctx.status === 200 && typeof body?.next === 'string') ctx.redirect(body.next);
      return;
    }
    return next();
  };
}
