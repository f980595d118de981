import { recordNotFound } from '../../domain/errors';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { OrderUnit } from '../../generated/types';
import { csvDocument } from '../../http/csv';
import { genericChildren, genericGet } from '../../reads/genericList';
import type { OperationId } from '../../http/operationDef';
import { assertMayCall } from '../../http/callerChecks';
import { scopedFor } from '../auth/sessionUser';
import { resumeSession } from '../auth/sessions';
import { readCookie, SESSION_COOKIE } from '../../http/security';
import { operationOf } from '../../reads/recordParts';

const EXPORT_PATH = /^\/webstore\/orders\/([^/]+)\/serials\/export$/;
const HEADER = ['Product code', 'Product name', 'Serial number'];

/** The operations this export answers as: the order's get, then its units (001 §3). */
const ORDER: OperationId = 'getOrder';
const UNITS: OperationId = 'listOrderUnits';


/** A file name of safe characters only: the order's name, else its id. */
function fileName(order: { id: number; name: string | null }): string {
  const base = (order.name ?? '').replace(/[^A-Za-z0-9_-]/g, '') || String(order.id);
  return `order-${base}-serials.csv`;
}

/**
 * GET /webstore/orders/{id}/serials/export (001 §2 view-serials modal, §7 plain links): the
 * order's serial numbers as a CSV attachment, a full-page link rather than an API call. It answers
 * exactly as GET /api/v1/orders/{id} and /units would: order:view needed (403), the order in the
 * caller's scope (404 otherwise, as if missing). Signed out, the browser goes to log in and comes
 * back, as the SPA would send it. A GET that changes nothing needs no CSRF token.
 */
export function serialsExport(db: Knex) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? EXPORT_PATH.exec(ctx.path) : null;
    if (!match) return next();
    const token = readCookie(ctx, SESSION_COOKIE);
    const signedIn = token ? (await resumeSession(db, token, Date.now()))?.user : undefined;
    if (!signedIn) {
      ctx.redirect(`/login?${new URLSearchParams({ next: ctx.url }).toString()}`);
      return;
    }
    // The API router's own checks of both operations: 403 when one fails.
    const order = operationOf(ORDER);
    const units = operationOf(UNITS);
    assertMayCall(signedIn, order);
    assertMayCall(signedIn, units);
    // Path ids are positive integers, as the API router has them: anything else is missing.
    if (!/^[1-9][0-9]{0,9}$/.test(match[1] ?? '')) throw recordNotFound();
    const id = Number(match[1]);
    const user = scopedFor(signedIn, order.permission);
    const found = (await genericGet(db, order.generic, { params: { id }, query: {}, user })) as { id: number; name: string | null };
    const rows = (await genericChildren(db, units.generic, { params: { id }, query: {}, user, sharedParent: false }, false)) as OrderUnit[];
    ctx.status = 200;
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${fileName(found)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = csvDocument(
      HEADER,
      rows.map((unit) => [unit.product?.product_code, unit.product?.name, unit.serial_number]),
    );
  };
}
