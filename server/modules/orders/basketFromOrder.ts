import { CHOICE_FIELDS, detailFieldsExcept } from '../../../shared/baskets/lineDetails';
import { DomainError, notSignedIn } from '../../domain/errors';
import type { Basket, Order, OrderLineItem } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';
import { recomputeTotal } from '../baskets/basketLines';

// What a basket copied from an order keeps: its end user, instructions, shipping type and address.
const COPIED = [
  'end_user',
  'end_user_email',
  'provisioning_instructions',
  'ship_instructions',
  'part_ship',
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
] as const;

// A line's quantity, choices, discount and details carried into the basket; Dropbox, Acronis and markup are reset (000 §4, 001 §4).
const LINE_COPIED: readonly (keyof OrderLineItem)[] = [
  'quantity',
  ...CHOICE_FIELDS,
  'discount',
  ...detailFieldsExcept(['DROPBOX', 'ACRONIS']),
];

const ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * 000 §5's default basket name: "New basket" and the date and time in the user's time zone as
 * `Do MMM YYYY, HH:mm` (001 §9), e.g. "New basket 5th Mar 2026, 14:30"; an unknown zone is UTC.
 */
export function defaultBasketName(now: Date, timeZone: string): string {
  return `New basket ${dateTimeStamp(now, timeZone)}`;
}

/** A moment as `Do MMM YYYY, HH:mm` (001 §9) in the time zone (UTC when unknown): "5th Mar 2026, 14:30". */
export function dateTimeStamp(now: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).formatToParts(now);
  }
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = part('day');
  const ordinal = ORDINALS[new Intl.PluralRules('en', { type: 'ordinal' }).select(Number(day))] ?? '';
  return `${day}${ordinal} ${part('month').slice(0, 3)} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/**
 * 001 §2, §4 create basket from order (order:modify_draft; a sales order without a quote): a new basket
 * of the caller's organisation in its currency, copying the order's details, paid on account, with
 * neither finance nor purchase order number, and the order's lines whose products the webstore
 * still shows, with Dropbox, Acronis and markup reset. The basket's total is that of its own lines
 * priced now from the caller's price list in the caller's currency (as every later save computes
 * it), never the order's total at the order's prices and currency (issue 22 item 5). The name is the one given (trimmed, at most 255) or 000 §5's default; a name the
 * organisation already uses is a 409 duplicate_value (the basket's unique index).
 */
export const createBasketFromOrder: Handler<'createBasketFromOrder'> = async ({ params, body }, context) => {
  const user = context.user;
  if (!user) throw notSignedIn();
  const order = (await visibleRecord('getOrder', params.id, context)) as unknown as Order;
  if (order.quote !== null)
    throw new DomainError('conflict', 'order_from_quote', { detail: 'an order placed from a quote is reordered from its quote' });
  // A change order changes a subscription's quantities: there is nothing in it to buy again (001 §2).
  if (order.order_type !== 'SALES_ORDER') throw new DomainError('conflict', 'invalid_state', { detail: 'a change order is not reordered' });
  const shown = new Set(
    (
      (await context
        .db('products')
        .whereIn(
          'id',
          order.line_items.map((line) => line.product),
        )
        .where('show_in_webstore', true)
        .select('id')) as { id: number }[]
    ).map((row) => Number(row.id)),
  );
  const lines = order.line_items.filter((line) => shown.has(line.product));
  const name = body.name?.trim() || defaultBasketName(new Date(context.now()), user.timezone);
  const basketId = await context.records.insert('basket', {
    ...Object.fromEntries(COPIED.map((field) => [field, order[field]])),
    shipping_type: order.shipping_type?.id ?? null,
    name,
    organisation: user.organisation.id,
    currency: user.organisation.currency,
    // Written once the lines are in: their total at the caller's prices (recomputeTotal).
    total: '0',
    payment_type: 'ON_ACCOUNT',
    purchase_order_number: null,
    created_by: user.id,
    created_at: new Date(context.now()).toISOString(),
  });
  for (const line of lines) {
    await context.records.insert('basket_line_item', {
      basket: basketId,
      product: line.product,
      ...Object.fromEntries(LINE_COPIED.map((field) => [field, line[field]])),
    });
  }
  await recomputeTotal(context.records, user, basketId);
  return (await visibleRecord('getBasket', basketId, context)) as unknown as Basket;
};
