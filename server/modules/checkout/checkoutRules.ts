import type { Knex } from 'knex';
import { detailProblem, requiredDetails, teamNameClash, type SubscriptionType } from '../../../shared/baskets/lineDetails';
import { DomainError, incompleteField } from '../../domain/errors';
import { existingTeamNamesHeld } from '../baskets/lineDetails';
import type { BasketState } from './basketState';
import { isBlank } from '../../../shared/text/blank';
import { loweredTextCollation } from '../../db/textOrder';
import { readTogether } from '../../db/readTogether';
import { onPostgres } from '../../db/dialect';

/** Names a line's field in a refusal: where the request sent it, `line_items/<i>/<field>`, as a basket save does. */
export type LineField = (lineId: number, field: string) => string;

/** The path of each line's field by its position in the line_items sent; a line not sent is named by the field alone. */
export function linePaths(sent: readonly { id: number }[] | undefined): LineField {
  const positions = new Map((sent ?? []).map((line, index) => [line.id, index]));
  return (lineId, field) => {
    const index = positions.get(lineId);
    return index === undefined ? field : `line_items/${index}/${field}`;
  };
}

/**
 * 000 §5 details step: valid quantities (400 invalid_quantity), lines that can be priced as
 * chosen, complete subscription details per line, and for a ZOOM line the end user and e-mail
 * (422 checkout_complete_required_fields naming the field).
 */
export function checkDetails({ basket, lines }: BasketState, at: LineField): void {
  for (const { row, product, priced } of lines) {
    const quantityProblem = priced.problems.find((problem) => problem.field === 'quantity');
    if (quantityProblem)
      throw new DomainError('invalid', 'invalid_quantity', {
        field: at(row.id, 'quantity'),
        detail: `line ${row.id}: ${quantityProblem.code}`,
      });
    const other = priced.problems.find((problem) => problem.field !== 'markup' && problem.field !== 'discount');
    if (other) throw incompleteField(at(row.id, other.field), `line ${row.id}: ${other.code}`);
    // The basket page's rules for the details (team name shape and length, pairs), as it saves them.
    const detail = detailProblem(product.subscription_type as SubscriptionType | null, row);
    if (detail) throw new DomainError('unprocessable', detail.code, { field: at(row.id, detail.field), detail: `line ${row.id}` });
    for (const field of requiredDetails(product.subscription_type)) {
      if (isBlank(row[field as keyof typeof row])) throw incompleteField(at(row.id, field), `line ${row.id} needs ${field}`);
    }
  }
  if (lines.some((line) => line.product.subscription_type === 'ZOOM')) {
    for (const field of ['end_user', 'end_user_email'] as const) {
      if (isBlank(basket[field])) throw incompleteField(field, `a ZOOM order needs ${field}`);
    }
  }
}

/**
 * 000 §5 purchase order: required when the organisation requires it; when it forces uniqueness,
 * not on any other order of the organisation (compared trimmed, in any case). Checkouts taking one
 * number queue on a lock of it first (PostgreSQL; SQLite has one writer), so two baskets with one
 * PO number placed side by side cannot both pass the check. `read`: the check's reads as the
 * transaction made them already (purchaseOrderReads), used when they were of this number.
 */
export async function checkPurchaseOrder(db: Knex, { basket, buyer }: BasketState, read?: PurchaseOrderRead): Promise<void> {
  await checkPurchaseOrderNumber(db, basket.purchase_order_number, buyer, read);
}

/**
 * The first order of the organisation carrying the number (its id, as rows), in any case, through
 * the index on (organisation, lower(number)), named in its collation (loweredTextCollation); for
 * equality "C" and PostgreSQL's default answer alike.
 */
export function ordersWithPurchaseOrderNumber(db: Knex, organisationId: number, number: string): Knex.QueryBuilder {
  return db('orders')
    .where('organisation_id', organisationId)
    .whereRaw(`lower(purchase_order_number)${loweredTextCollation(db)} = ?`, [number.trim().toLowerCase()])
    .select('id')
    .limit(1);
}

/** Whether an order of the organisation carries the number, in any case (000 §5 "force PO uniqueness"). */
export async function purchaseOrderNumberTaken(db: Knex, organisationId: number, number: string): Promise<boolean> {
  return ((await ordersWithPurchaseOrderNumber(db, organisationId, number)) as unknown[]).length > 0;
}

type Buyer = Pick<BasketState['buyer'], 'id' | 'po_number_required' | 'force_po_uniqueness'>;

/** What the reads of a PO number's check found: the organisation, the number as compared (trimmed, lower case), and whether an order carries it. */
export interface PurchaseOrderRead {
  buyerId: number;
  number: string;
  taken: boolean;
}

/** The statements a PO number's check reads with, and what their answers (in order) say. */
export interface PurchaseOrderReads {
  /** None when the check reads nothing (no number, or uniqueness not forced). */
  reads: (Knex.QueryBuilder | Knex.Raw)[];
  answer(answers: readonly Record<string, unknown>[][]): PurchaseOrderRead | undefined;
}

/**
 * The reads that check `number` for an order of `buyer`, to be made in a round trip with others
 * (readTogether): on PostgreSQL a transaction-scoped advisory lock on (organisation, number) and
 * then the read of an order carrying it; on SQLite, one writer, the read alone. Only checkouts
 * taking the same number wait for each other: the organisation's row would queue every order. The
 * read is a statement after the lock (its snapshot taken once the lock is held), so it sees the
 * order of a checkout that held the lock before.
 */
export function purchaseOrderReads(db: Knex, number: string | null, buyer: Omit<Buyer, 'po_number_required'>): PurchaseOrderReads {
  const po = number?.trim() ?? '';
  if (po === '' || !buyer.force_po_uniqueness) return { reads: [], answer: () => undefined };
  const read = ordersWithPurchaseOrderNumber(db, buyer.id, po);
  const reads = onPostgres(db) ? [db.raw('select pg_advisory_xact_lock(?, hashtext(?))', [buyer.id, po.toLowerCase()]), read] : [read];
  return {
    reads,
    answer: (answers) => ({ buyerId: buyer.id, number: po.toLowerCase(), taken: answers[reads.length - 1]!.length > 0 }),
  };
}

/**
 * The purchase-order rules for a number an order of `buyer` would carry (a basket's, or an accepted
 * quote's, 001 §5). `read`: purchaseOrderReads' answer as the transaction read it already.
 */
export async function checkPurchaseOrderNumber(db: Knex, number: string | null, buyer: Buyer, read?: PurchaseOrderRead): Promise<void> {
  const po = number?.trim() ?? '';
  if (po === '') {
    if (buyer.po_number_required) throw new DomainError('invalid', 'po_number_required', { field: 'purchase_order_number' });
    return;
  }
  if (!buyer.force_po_uniqueness) return;
  let found = read?.buyerId === buyer.id && read.number === po.toLowerCase() ? read : undefined;
  if (!found) {
    const check = purchaseOrderReads(db, po, buyer);
    found = check.answer(await readTogether(db, check.reads));
  }
  if (found?.taken) throw new DomainError('conflict', 'non_unique_po_number', { field: 'purchase_order_number' });
}

/** 000 §5 team names: a new Dropbox team must not exist in the organisation, nor be on two lines (any case). */
export async function checkTeamNames(db: Knex, { buyer, lines }: BasketState, at: LineField): Promise<void> {
  const teams = lines.map(({ row, product }) => (product.subscription_type === 'DROPBOX' ? row.dropbox_team_name : null));
  // No line names a new team (no Dropbox line, or none filled): nothing can clash, nothing to read.
  if (teams.every((team) => team === null || team === undefined || team.trim() === '')) return;
  const clash = teamNameClash(teams, await existingTeamNamesHeld(db, buyer.id, teams));
  const line = clash ? lines[clash.index] : undefined;
  if (clash && line)
    throw new DomainError('conflict', clash.code, { field: at(line.row.id, 'dropbox_team_name'), detail: `line ${line.row.id}` });
}
