import { financeOffered } from '../../../shared/pricing/finance';
import { isShippable } from '../../../shared/pricing/shipping';
import { decodeRow } from '../../db/codec';
import { DomainError } from '../../domain/errors';
import { entities } from '../../generated/entities';
import type { Records } from '../../writes/records';
import type { SessionUser } from '../auth/sessionUser';
import { catalogueInTransaction, type CatalogueReads } from '../catalogue/catalogueInTransaction';
import { buyerInTransaction, loadLines, requireShippingCost, shippingLineOf, type Buyer, type LoadedLine } from './checkoutLines';

/** Every stored field of a basket, decoded (references as ids). */
export type BasketRecord = Record<string, unknown> & {
  id: number;
  organisation: number;
  purchase_order_number: string | null;
  end_user: string | null;
  end_user_email: string | null;
  shipping_type: number | null;
  shipping_country_code: string | null;
  payment_type: 'ON_ACCOUNT' | 'FINANCE';
  finance_target: 'SELF' | 'CUSTOMER' | null;
  finance_term_length: number | null;
  finance_approved: boolean;
};

/** A basket as it stands in the transaction: its record, its organisation and its lines priced now. */
export interface BasketState {
  basket: BasketRecord;
  buyer: Buyer;
  lines: LoadedLine[];
  shippable: boolean;
  /** The server's shipping cost ("0.00" for a basket with nothing to ship). */
  shipping: string;
  /** The catalogue the transaction prices from (cached by its data version). */
  catalogue: CatalogueReads;
}

/** What the transaction has read or written of the basket already: its stored row and its lines' rows, not read again. */
export interface KnownRows {
  basket?: Record<string, unknown>;
  lines?: Record<string, unknown>[];
}

export async function loadBasketState(records: Records, basketId: number, known: KnownRows = {}): Promise<BasketState> {
  const db = records.db;
  const row = known.basket ?? ((await db('baskets').where('id', basketId).first()) as Record<string, unknown>);
  const basket = decodeRow<BasketRecord>('basket', row, Object.keys(entities.basket.fields));
  const buyer = await buyerInTransaction(records, basket.organisation);
  const catalogue = await catalogueInTransaction(records);
  const lines = (await loadLines(db, basketId, buyer, catalogue, known.lines)).filter((line) => line.row.quantity > 0);
  const shippable = isShippable(lines.map(shippingLineOf));
  return { basket, buyer, lines, shippable, shipping: '0.00', catalogue };
}

/**
 * 000 §5 shipping step: a shippable basket needs its mandatory address fields and a shipping type
 * offered for its country that can price it; the cost is the server's. Sets state.shipping.
 */
export async function checkShipping(state: BasketState): Promise<void> {
  if (!state.shippable) return;
  state.shipping = await requireShippingCost(
    () => state.catalogue.shippingRules(),
    state.basket,
    state.lines.map(shippingLineOf),
    'basket',
  );
}

/**
 * 000 §6 finance is offered to a non-root GBP buyer of an organisation with a finance_type, for
 * financeable products; a RESELLER organisation finances only for its customer (000 §2.9).
 */
export function checkFinanceOffered(user: SessionUser, state: BasketState): void {
  const offered =
    financeOffered({ root: user.root, currency: state.buyer.currency }, state.buyer.finance_type) &&
    state.lines.some((line) => line.product.is_financeable) &&
    !(state.buyer.finance_type === 'RESELLER' && state.basket.finance_target === 'SELF');
  if (!offered)
    throw new DomainError('unprocessable', 'finance_not_available', {
      field: 'payment_type',
      detail: 'finance is not offered for this basket',
    });
}
