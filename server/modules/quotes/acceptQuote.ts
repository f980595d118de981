import Decimal from 'decimal.js';
import { requiredDetails, teamNameClash } from '../../../shared/baskets/lineDetails';
import { DomainError, incompleteField } from '../../domain/errors';
import type { QuoteAccepted, QuoteAcceptInput } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { runWorkflow, type WorkflowStep } from '../../writes/workflow';
import type { Records } from '../../writes/records';
import { signedIn } from '../auth/signedIn';
import type { SessionUser } from '../auth/sessionUser';
import { existingTeamNamesHeld } from '../baskets/lineDetails';
import { catalogueInTransaction, vouchShippingTypes } from '../catalogue/catalogueInTransaction';
import { buyerInTransaction, type Buyer } from '../checkout/checkoutLines';
import { checkPurchaseOrderNumber } from '../checkout/checkoutRules';
import { readBeforeOrder, type OrderReads } from '../checkout/firstReads';
import { initialStatus, notifyOrderCreated, type PlacedOrder } from '../checkout/checkoutService';
import { orderName } from '../orders/orderName';
import type { OrderFacts } from '../orders/orderNotifications';
import { storedVisibleQuote } from './handlers';
import { requireStatus } from './quoteActions';
import { decodedQuoteLines, quoteLinesRead, recipientProductsIn, QUOTE_LINE_FIELDS, type StoredQuoteLine } from './quoteLines';
import { saveRecipientNames } from './recipientChoices';
import { requireCompleteShipping, requireQuoteFinance } from './quoteReadiness';
import { ADDRESS_FIELDS, FINANCE_FIELDS, quoteFromRow, type QuoteRecord } from './quoteTotals';
import { isBlank } from '../../../shared/text/blank';

interface AcceptState {
  records: Records;
  user: SessionUser;
  now: number;
  quoteId: number;
  /** The quote's row as stored, read once in the caller's scope, then as each write left it. */
  stored: Record<string, unknown>;
  input: QuoteAcceptInput;
  quote?: QuoteRecord;
  buyer?: Buyer;
  lines?: StoredQuoteLine[];
  /** The quote's lines as saved, its PO number's check and the order's id, read together (readBeforeOrder). */
  read?: OrderReads;
  shippable?: boolean;
  shipping?: string | null;
  order?: PlacedOrder;
  facts?: OrderFacts;
}

/** The lines' fields an order line copies as they are (its name, prices and the quote's own link aside). */
const COPIED = QUOTE_LINE_FIELDS.filter((field) => !['id', 'name', 'price', 'sub_total_for_item'].includes(field));

const steps: WorkflowStep<AcceptState>[] = [
  {
    name: 'read the quote',
    run: async (state) => {
      const quote = quoteFromRow(state.stored);
      // A PUBLISHED quote only, and not past its expiry date: accepted twice, the second finds it ACCEPTED (409).
      requireStatus(quote, ['PUBLISHED'], state.now);
      // The recipient accepts the revision they were shown, never one sent since (docs/quotes.md "Revisions").
      if (state.input.revision !== undefined && state.input.revision !== Number(quote['revision'] ?? 1)) {
        throw new DomainError('conflict', 'quote_revision_changed', {
          field: 'revision',
          detail: `quote ${quote.id} is at revision ${String(quote['revision'])}`,
        });
      }
      // The recipient's organisation as a buyer (whether it is on credit hold among it), kept under
      // the access version as checkout's is: no read once warm.
      state.quote = quote;
      state.buyer = await buyerInTransaction(state.records, quote.organisation_to);
      // What the order's writes refer to and the acceptance holds already is vouched for to the
      // write path, which then neither checks nor names it by a query of its own (Records.vouch).
      const { records } = state;
      records.vouch('organisation', state.buyer.id, state.buyer.name);
      records.vouch('user', state.user.id, state.user.name);
      records.vouch('quote', quote.id, typeof quote['name'] === 'string' ? quote['name'] : null);
      await vouchShippingTypes(records);
    },
  },
  {
    name: "save the recipient's choices",
    run: async (state) => {
      const { records } = state;
      const quote = state.quote!;
      // Written with the settling (PostgreSQL), merged with the quote's ACCEPT: nothing reads the row before.
      const saved = await records.updateStored(
        'quote',
        state.stored,
        { purchase_order_number: state.input.purchase_order_number ?? null },
        { onSettle: true },
      );
      state.stored = saved.row;
      await saveRecipientNames(records, quote.id, state.buyer!, state.input.line_items);
      state.quote = quoteFromRow(saved.row);
      // The lines as saved, the PO number's lock and read, and the order's id: one round trip on
      // PostgreSQL, as a checkout's first reads are.
      state.read = await readBeforeOrder(records.db, quoteLinesRead(records.db, quote.id), state.quote.purchase_order_number, state.buyer!);
      state.lines = decodedQuoteLines(state.read.lines);
    },
  },
  {
    name: 'check the quote can be ordered',
    run: async (state) => {
      const { db } = state.records;
      const quote = state.quote!;
      const buyer = state.buyer!;
      const lines = state.lines!;
      // 001 §5, §8: the exact text is the catalogue's problem.quote_on_credit_hold.
      if (buyer.on_credit_hold)
        throw new DomainError('conflict', 'quote_on_credit_hold', { detail: 'the recipient organisation is on credit hold' });
      await checkPurchaseOrderNumber(db, quote.purchase_order_number, buyer, state.read!.purchaseOrder);
      // The recipient's views of the products from the catalogue's cache, as checkout prices from it.
      const products = await recipientProductsIn(
        state.records,
        buyer,
        lines.map((line) => line.product),
      );
      const teams: (string | null)[] = [];
      for (const [index, line] of lines.entries()) {
        const product = products.get(line.product);
        if (!product)
          throw new DomainError('unprocessable', 'product_unavailable', {
            field: `line_items/${index}/product`,
            detail: `line ${line.id}`,
          });
        for (const field of requiredDetails(product.subscription_type)) {
          if (isBlank(line[field])) throw incompleteField(`line_items/${index}/${field}`, `line ${line.id} needs ${field}`);
        }
        teams.push(product.subscription_type === 'DROPBOX' ? ((line['dropbox_team_name'] as string | null) ?? null) : null);
      }
      // The organisation's teams are read only when a line names a new one: no clash is possible otherwise.
      if (teams.some((team) => team !== null)) {
        const clash = teamNameClash(teams, await existingTeamNamesHeld(db, buyer.id, teams));
        if (clash) throw new DomainError('conflict', clash.code, { field: `line_items/${clash.index}/dropbox_team_name` });
      }
      for (const product of products.values()) state.records.vouch('product', product.id, product.name);
      requireQuoteFinance(quote, lines, products);
      // The shipping rules as the catalogue's data version has them, cached as checkout's are.
      const catalogue = await catalogueInTransaction(state.records);
      const shipping = await requireCompleteShipping(() => catalogue.shippingRules(), quote, lines, products);
      state.shippable = shipping.shippable;
      state.shipping = shipping.cost;
    },
  },
  {
    name: 'write the order',
    run: async (state) => {
      const { records } = state;
      const quote = state.quote!;
      const buyer = state.buyer!;
      const shippable = state.shippable!;
      // The quote's own figures, to the penny: the prices it was published (and accepted) with.
      const total = new Decimal(quote.total);
      const status = initialStatus(buyer, total.plus(state.shipping ?? '0'));
      const keep = (fields: readonly string[], yes: boolean) =>
        Object.fromEntries(fields.map((field) => [field, yes ? (quote[field] ?? null) : null]));
      const id = await records.insert(
        'order',
        {
          // Replaced by its reference (orderName) in the same insert, as checkout's.
          name: 'HUB-new',
          purchase_order_number: quote.purchase_order_number,
          organisation: buyer.id,
          total: total.toFixed(2),
          currency: quote.currency,
          date: records.now().getTime(),
          created_by_user: state.user.id,
          order_type: 'SALES_ORDER',
          status,
          payment_type: quote.payment_type,
          quote: quote.id,
          provisioning_instructions: quote['provisioning_instructions'] ?? null,
          ship_instructions: shippable ? (quote['ship_instructions'] ?? null) : null,
          part_ship: shippable && Boolean(quote['part_ship']),
          ship_cost: shippable ? state.shipping : null,
          shipping_type: shippable ? quote.shipping_type : null,
          ...keep(ADDRESS_FIELDS, shippable),
          ...keep(FINANCE_FIELDS, quote.payment_type === 'FINANCE'),
        },
        // On PostgreSQL, with the id taken by the first reads, written in the statement that settles
        // the transaction, as checkout's: nothing reads the order back. Only this acceptance can
        // write its quote's order (unique by quote): the router holds the quote's lock.
        { derive: orderName, ...(state.read!.orderId !== undefined && { id: state.read!.orderId, onSettle: true }) },
      );
      const { name } = orderName(id);
      // The lines in one statement, each audited on the order as before; on PostgreSQL with the
      // order, as nothing reads them back either.
      const lines = state.lines!;
      await records.insertOnSettle(
        'order_line_item',
        lines.map((line) => ({
          order: id,
          name: line.name,
          price: line.price,
          original_price: line.price,
          sub_total_for_item: line.sub_total_for_item,
          ...Object.fromEntries(COPIED.map((field) => [field, line[field] ?? null])),
        })),
        { auditOn: (_values, index) => ({ entity: 'order', id, field: 'line_items', value: lines[index]!.name }) },
      );
      state.order = { id, name, status };
      // What its e-mail shows, from what was just written: no read of the order back.
      state.facts = {
        id,
        name,
        organisation: buyer.name,
        purchase_order_number: quote.purchase_order_number,
        total: total.toFixed(2),
        currency: quote.currency,
      };
    },
  },
  {
    name: 'mark the quote accepted',
    run: async (state) => {
      await state.records.updateStored(
        'quote',
        state.stored,
        { quote_status: 'ACCEPTED', order_id: state.order!.id },
        // Its last write, and nothing after reads it: written with the settling (PostgreSQL).
        { action: 'ACCEPT', onSettle: true },
      );
    },
  },
  {
    name: 'tell the subscribers',
    run: async (state) => notifyOrderCreated(state.records, state.user, state.order!, state.buyer!.id, state.facts),
  },
];

/**
 * 001 §5 "Quote accept", one workflow in the request's transaction (all of it, or none): the
 * recipient's PO number and subscription names saved, every rule checked, the order written
 * with lines at the quote's prices and linked both ways, the quote ACCEPTED. The router has
 * locked the quote's row, so of many accepts at once one orders and the rest find it ACCEPTED.
 */
export const acceptQuote: Handler<'acceptQuote'> = async ({ params, body }, context): Promise<QuoteAccepted> => {
  const stored = await storedVisibleQuote(params.id, context);
  if (body.id !== undefined && body.id !== params.id)
    throw new DomainError('invalid', 'invalid_body', { field: 'id', detail: 'the id must be the quote of the path' });
  const state = await runWorkflow<AcceptState>('accept quote', steps, {
    records: context.records,
    user: signedIn(context),
    now: context.now(),
    quoteId: params.id,
    stored,
    input: body,
  });
  return { id: state.order!.id };
};
