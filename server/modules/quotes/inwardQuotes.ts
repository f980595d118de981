import { isShippable, offeredInCountry, shippingCost } from '../../../shared/pricing/shipping';
import { DomainError } from '../../domain/errors';
import type { Handler } from '../../http/operationDef';
import { hasPermission } from '../auth/sessionUser';
import { signedIn } from '../auth/signedIn';
import { addressesOf } from '../baskets/handlers';
import { buyerOf, shippingRules } from '../checkout/checkoutLines';
import { checkPurchaseOrderNumber } from '../checkout/checkoutRules';
import { inwardQuote } from './handlers';
import { requireStatus } from './quoteActions';
import { storedQuoteLines } from './quoteLines';
import { ADDRESS_FIELDS, quoteRecord, shippingLines } from './quoteTotals';
import { saveRecipientNames } from './recipientChoices';

type Row = Record<string, unknown>;

/** What only quote:modify (or an admin) may change on an inward quote (001 §6): shipping and provisioning. */
const MODIFY_FIELDS = ['provisioning_instructions', 'ship_instructions', 'part_ship', 'shipping_type', ...ADDRESS_FIELDS] as const;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * PUT /quotes/inward/{id} (001 §2 inward view: editable PO, shipping address, method, part
 * shipment, ship and provisioning instructions; Save): the recipient completes a PUBLISHED quote,
 * not yet past its expiry date, before accepting it. The PO number (unique among the
 * organisation's orders when it forces uniqueness) and the lines' subscription names are the
 * quote:accept holder's to give; the rest needs quote:modify (403 forbidden_field naming the first
 * field changed without it). A quote that ships takes its shipping cost from the method now (none
 * when the method is not offered for the country: acceptance then refuses it); one that does not
 * ship keeps no address. The offer itself (lines, prices, total) is the sender's and stays.
 */
export const updateQuoteInward: Handler<'updateQuoteInward'> = async ({ params, body }, context) => {
  const user = signedIn(context);
  const { db, records } = context;
  await inwardQuote(params.id, context);
  const quote = await quoteRecord(db, params.id);
  requireStatus(quote, ['PUBLISHED'], context.now());
  const given = body as unknown as Row;
  const changed = MODIFY_FIELDS.filter((field) => field in given && !same(given[field], quote[field]));
  const [first] = changed;
  if (first && !hasPermission(user, 'quote:modify'))
    throw new DomainError('forbidden', 'forbidden_field', { field: first, detail: 'shipping and provisioning need quote:modify' });
  const buyer = await buyerOf(db, quote.organisation_to);
  const values: Row = Object.fromEntries(changed.map((field) => [field, given[field] ?? null]));
  if ('purchase_order_number' in given && !same(given['purchase_order_number'], quote.purchase_order_number)) {
    const po = (given['purchase_order_number'] as string | null) ?? null;
    // Required or not is acceptance's rule; a number another order took is said now (001 §5).
    await checkPurchaseOrderNumber(db, po, { ...buyer, po_number_required: false });
    values['purchase_order_number'] = po;
  }
  const lines = await storedQuoteLines(db, quote.id);
  const shipLines = await shippingLines(db, quote.organisation_to, lines);
  if (!isShippable(shipLines)) {
    Object.assign(values, Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, null])), {
      shipping_type: null,
      ship_cost: null,
      part_ship: false,
    });
  } else if (changed.includes('shipping_type') || changed.includes('shipping_country_code')) {
    const type = 'shipping_type' in values ? (values['shipping_type'] as number | null) : quote.shipping_type;
    const country = 'shipping_country_code' in values ? (values['shipping_country_code'] as string | null) : quote.shipping_country_code;
    const rule = (await shippingRules(db)).find((candidate) => candidate.id === type);
    values['ship_cost'] = rule && offeredInCountry(rule, country) ? shippingCost(rule, shipLines) : null;
  }
  await records.update('quote', quote.id, values);
  await saveRecipientNames(records, quote.id, buyer, body.line_items, true);
  return inwardQuote(quote.id, context);
};

/** The recipient organisation's saved addresses, by name: visible exactly when the quote is inward. */
export const listQuoteInwardAddresses: Handler<'listQuoteInwardAddresses'> = async ({ params }, context) => {
  const quote = await inwardQuote(params.id, context);
  return addressesOf(context, quote.organisation_to?.id ?? 0);
};
