import type { OrderUnit } from '../../generated/types';
import { csvDocument } from '../../http/csv';
import type { Handler } from '../../http/operationDef';
import { genericChildren } from '../../reads/genericList';
import { genericMetaOf, visibleRecord } from '../../reads/recordParts';

const HEADER = ['Product code', 'Product name', 'Serial number'];

/** A file name of safe characters only: the order's name, else its id. */
function fileName(order: { id: number; name: string | null }): string {
  const base = (order.name ?? '').replace(/[^A-Za-z0-9_-]/g, '') || String(order.id);
  return `order-${base}-serials.csv`;
}

/**
 * GET /orders/{id}/serials/export (001 §2 view-serials modal, §7 plain links): the order's serial
 * numbers as a CSV attachment. The router has checked the caller as for the order (order:view,
 * 403); the order is read as its get answers it (404 outside the caller's scope, as if missing),
 * then its units as their child list does. The browser reaches it by its full-page link
 * (server/http/pageLinks.ts).
 */
export const exportOrderSerials: Handler<'exportOrderSerials'> = async ({ params }, context) => {
  const order = (await visibleRecord('getOrder', params.id, context)) as { id: number; name: string | null };
  const rows = (await genericChildren(
    context.db,
    genericMetaOf('listOrderUnits'),
    { params: { id: params.id }, query: {}, user: context.user, sharedParent: false },
    false,
  )) as OrderUnit[];
  return {
    content: csvDocument(
      HEADER,
      rows.map((unit) => [unit.product?.product_code, unit.product?.name, unit.serial_number]),
    ),
    fileName: fileName(order),
    contentType: 'text/csv',
    plainName: true,
  };
};
