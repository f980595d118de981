import { orderName } from '../orders/orderName';
import Decimal from 'decimal.js';
import { CHOICE_FIELDS, DETAIL_FIELDS } from '../../../shared/baskets/lineDetails';
import type { CheckoutInput } from '../../generated/types';
import { DomainError } from '../../domain/errors';
import { queueEmails } from '../../integrations/mail';
import { EmailRecipients } from '../../integrations/emails/emailRecipients';
import { keptSubscribers } from '../../integrations/emails/subscribers';
import { notifyManualAuthorisation, orderFacts, orderUrl, type OrderFacts } from '../orders/orderNotifications';
import { runWorkflow, type WorkflowStep } from '../../writes/workflow';
import type { Records } from '../../writes/records';
import { hasPermission, type SessionUser } from '../auth/sessionUser';
import { vouchShippingTypes } from '../catalogue/catalogueInTransaction';
import { checkFinanceOffered, checkShipping, loadBasketState, type BasketState } from './basketState';
import { checkDetails, checkPurchaseOrder, checkTeamNames, linePaths } from './checkoutRules';
import { checkApprovalHolds } from './financeApproval';
import { saveWizardInput } from './wizardSave';
import { firstReads, type OrderReads } from './firstReads';

export interface PlacedOrder {
  id: number;
  name: string;
  status: 'CREATED' | 'PENDING_AUTHORISATION';
}

interface CheckoutState {
  records: Records;
  user: SessionUser;
  basketId: number;
  /** The basket's stored row, read once (in scope, locked) and kept current through the writes of it. */
  stored: Record<string, unknown>;
  input: CheckoutInput;
  /** What it read once the basket was locked (firstReads). */
  first?: OrderReads;
  basket?: BasketState;
  order?: PlacedOrder;
  facts?: OrderFacts;
}

/** What an order line copies of its basket line as it is: the details, the choices and the markup. */
const SUB_ORDER_FIELDS = [...DETAIL_FIELDS, ...CHOICE_FIELDS, 'markup'] as const;
const SHIPPING_FIELDS = [
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
const FINANCE_FIELDS = [
  'finance_target',
  'finance_title',
  'finance_first_name',
  'finance_last_name',
  'finance_email_address',
  'finance_contact_number',
  'finance_term_length',
  'finance_company_number',
  'finance_company_name',
  'finance_approved',
  'finance_reg_company_name',
  'finance_reg_addr_line_1',
  'finance_reg_addr_line_2',
  'finance_reg_city',
  'finance_reg_region',
  'finance_reg_postal_code',
  'finance_reg_country_code',
] as const;

const pick = (record: Record<string, unknown>, fields: readonly string[], keep: boolean) =>
  Object.fromEntries(
    fields.map((field) => [field, keep ? record[field] : field === 'part_ship' || field === 'finance_approved' ? false : null]),
  );

/**
 * 000 §4 manual authorisation: an organisation that requires it holds orders above its limit
 * (any order when it sets no limit) for a person to authorise.
 */
export function initialStatus(buyer: BasketState['buyer'], total: Decimal): PlacedOrder['status'] {
  if (!buyer.orders_require_manual_auth) return 'CREATED';
  return buyer.order_manual_auth_limit === null || total.gt(buyer.order_manual_auth_limit) ? 'PENDING_AUTHORISATION' : 'CREATED';
}

const steps: WorkflowStep<CheckoutState>[] = [
  {
    name: 'save the basket',
    run: async (state) => {
      // What the checkout's writes refer to and it holds already is vouched for to the write path,
      // which then neither checks nor names it by a query of its own (Records.vouch).
      await vouchShippingTypes(state.records);
      state.records.vouch('user', state.user.id, state.user.name);
      state.first = await firstReads(state.records, state.stored, state.input);
      const saved = await saveWizardInput(state.records, state.basketId, state.input, {
        linesEditable: hasPermission(state.user, 'order:modify_draft'),
        basket: state.stored,
        lines: state.first.lines,
        // The basket is deleted as the transaction settles: its fields' update gives way to that.
        onSettle: true,
      });
      state.stored = saved.basket!;
      state.basket = await loadBasketState(state.records, state.basketId, { basket: state.stored, lines: saved.lines });
      state.records.vouch('organisation', state.basket.buyer.id, state.basket.buyer.name);
      for (const { product } of state.basket.lines) state.records.vouch('product', product.id, product.name);
    },
  },
  {
    name: 'check the basket',
    run: async (state) => {
      const basket = state.basket!;
      if (basket.lines.length === 0) throw new DomainError('unprocessable', 'basket_no_line_items', { field: 'line_items' });
      const at = linePaths(state.input.line_items);
      checkDetails(basket, at);
      await checkTeamNames(state.records.db, basket, at);
      await checkPurchaseOrder(state.records.db, basket, state.first!.purchaseOrder);
      await checkShipping(basket);
      if (basket.basket.payment_type === 'FINANCE') {
        checkFinanceOffered(state.user, basket);
        // The basket passed checkShipping: its cost is the shipping the approval covered.
        await checkApprovalHolds(state.records, basket, basket.shippable ? basket.shipping : '0.00');
      }
    },
  },
  {
    name: 'write the order',
    run: async (state) => {
      const { basket, buyer, lines, shippable, shipping } = state.basket!;
      const subtotal = lines.reduce((sum, line) => sum.plus(line.priced.net), new Decimal(0));
      const discount = lines.reduce((sum, line) => sum.plus(line.priced.discountAmount), new Decimal(0));
      const status = initialStatus(buyer, subtotal.plus(shipping));
      const finance = basket.payment_type === 'FINANCE';
      const records = state.records;
      const id = await records.insert(
        'order',
        {
          // Replaced by its reference (orderName) in the same insert: the audit entry only ever shows that.
          name: 'HUB-new',
          purchase_order_number: basket.purchase_order_number,
          organisation: buyer.id,
          // The goods' subtotal excluding VAT, as every order holds it; shipping is ship_cost beside it.
          total: subtotal.toFixed(2),
          currency: buyer.currency,
          date: records.now().getTime(),
          created_by_user: state.user.id,
          order_type: 'SALES_ORDER',
          status,
          payment_type: basket.payment_type,
          end_user: basket.end_user,
          end_user_email: basket.end_user_email,
          discount: discount.toFixed(2),
          provisioning_instructions: basket['provisioning_instructions'],
          ship_cost: shippable ? shipping : null,
          shipping_type: shippable ? basket.shipping_type : null,
          ...pick(basket, SHIPPING_FIELDS, shippable),
          ...pick(basket, FINANCE_FIELDS, finance),
        },
        // On PostgreSQL, with the id taken by the first reads, written in the statement that
        // settles the transaction, as nothing in it reads the order back.
        { derive: orderName, ...(state.first!.orderId !== undefined && { id: state.first!.orderId, onSettle: true }) },
      );
      // The lines in one statement, each audited on the order as before; on PostgreSQL with the
      // order, as nothing reads them back either.
      await records.insertOnSettle(
        'order_line_item',
        lines.map(({ row, product, priced }) => {
          const unit = priced.unitPrice === null ? null : priced.unitPrice.toFixed(4);
          return {
            order: id,
            name: product.name,
            product: product.id,
            quantity: row.quantity,
            price: unit,
            original_price: unit,
            sub_total_for_item: priced.net.toFixed(2),
            discount: row.discount,
            ...Object.fromEntries(SUB_ORDER_FIELDS.map((field) => [field, row[field]])),
          };
        }),
        { auditOn: (_values, index) => ({ entity: 'order', id, field: 'line_items', value: lines[index]!.product.name }) },
      );
      state.order = { id, name: orderName(id).name, status };
      // What its e-mail shows, from what was just written: no read of the order back.
      state.facts = {
        id,
        name: state.order.name,
        organisation: buyer.name,
        purchase_order_number: basket.purchase_order_number,
        total: subtotal.toFixed(2),
        currency: buyer.currency,
      };
    },
  },
  {
    name: 'remove the basket',
    run: async (state) => {
      await state.records.remove('basket', state.basketId, {
        current: state.stored,
        cascade: [{ entity: 'basket_line_item', via: 'basket' }],
        // Nothing after reads it, and nothing refers to it but its lines: deleted as the transaction settles.
        onSettle: true,
      });
    },
  },
  {
    name: 'tell the subscribers',
    run: async (state) => notifyOrderCreated(state.records, state.user, state.order!, state.basket!.buyer.id, state.facts),
  },
];

/**
 * Tells the buying organisation's users who subscribe to order_created (each in their language),
 * and those who may approve an order that waits for them (001 §4, 002 §3): a checkout's and an
 * accepted quote's order alike. `known`: the order's facts as the caller wrote them, instead of
 * reading them back.
 */
export async function notifyOrderCreated(
  records: Records,
  user: SessionUser,
  order: PlacedOrder,
  buyerId: number,
  known?: OrderFacts,
): Promise<void> {
  const subscribers = await keptSubscribers(records, 'order_created', buyerId, 'organisation');
  if (subscribers.length > 0) {
    const recipients = new EmailRecipients(records.db, records);
    const facts = known ?? (await orderFacts(records.db, order.id));
    await queueEmails(
      records,
      'order_created',
      (await recipients.users(subscribers)).map((recipient) => ({
        recipient,
        context: {
          order: facts,
          placed_by: user.name,
          awaits_authorisation: order.status === 'PENDING_AUTHORISATION',
          order_url: orderUrl(recipient, order.id),
        },
      })),
    );
  }
  if (order.status === 'PENDING_AUTHORISATION') await notifyManualAuthorisation(records, order.id, buyerId, known);
}

/**
 * 000 §4 Place order, one workflow in the request's transaction: all of it happens, or none.
 * `basket`: its stored row as read in this transaction after its record was locked (the router
 * locks it on PostgreSQL; SQLite has one writer): the checkout reads it no more.
 */
export async function checkout(
  records: Records,
  user: SessionUser,
  basket: Record<string, unknown>,
  input: CheckoutInput,
): Promise<PlacedOrder> {
  const state = await runWorkflow<CheckoutState>('checkout', steps, {
    records,
    user,
    basketId: Number(basket['id']),
    stored: basket,
    input,
  });
  return state.order!;
}
