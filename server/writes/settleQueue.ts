import type { EntityName } from '../generated/entities';
import type { SettleRemove, SettleUpdate } from './settleStatement';

type Row = Record<string, unknown>;

/**
 * The writes a transaction's Records left for its settling (Records.insertOnSettle, and the
 * `onSettle` of updateStored and remove): on PostgreSQL they go in the statement that settles it
 * (settleStatement), a round trip less each. Rows to insert are kept by entity, in the order
 * given; a row's updates merge into one (the later value of a column wins); deletes are kept in
 * order, children before their parent. A row to be deleted needs no update: a delete drops it.
 * PostgreSQL cannot both update and delete one row in one statement, so rows deleted by their
 * parent (a cascade) may not have an update waiting: that is refused, as a mistake of the caller.
 */
export class SettleQueue {
  private readonly inserts = new Map<EntityName, Row[]>();
  private readonly updates = new Map<string, SettleUpdate>();
  private readonly removes: SettleRemove[] = [];

  insert(entity: EntityName, rows: readonly Row[]): void {
    const waiting = this.inserts.get(entity) ?? [];
    waiting.push(...rows);
    this.inserts.set(entity, waiting);
  }

  update(table: string, id: number, values: Row): void {
    const key = `${table}:${id}`;
    const waiting = this.updates.get(key);
    this.updates.set(key, { table, id, values: { ...waiting?.values, ...values } });
  }

  /** Whether an update of the row waits for the settling: its stored row is not yet what the transaction wrote. */
  holdsUpdate(table: string, id: number): boolean {
    return this.updates.has(`${table}:${id}`);
  }

  /** Whether the insert of `entity`'s row `id` waits for the settling: the database does not hold it yet. */
  holdsInsert(entity: EntityName, id: number): boolean {
    return this.inserts.get(entity)?.some((row) => row['id'] === id) === true;
  }

  remove(remove: SettleRemove): void {
    if (remove.column === 'id') this.updates.delete(`${remove.table}:${remove.id}`);
    else if ([...this.updates.values()].some((update) => update.table === remove.table))
      throw new Error(`${remove.table} has an update waiting for the settling: its rows cannot also be deleted by their ${remove.column}`);
    this.removes.push(remove);
  }

  /** Everything left, emptied for what the transaction writes after its settling. */
  take(): { inserts: [EntityName, Row[]][]; updates: SettleUpdate[]; removes: SettleRemove[] } {
    const taken = { inserts: [...this.inserts], updates: [...this.updates.values()], removes: [...this.removes] };
    this.inserts.clear();
    this.updates.clear();
    this.removes.length = 0;
    return taken;
  }
}
