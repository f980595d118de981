import type { Knex } from 'knex';
import { CHOICE_FIELDS } from '../../../shared/baskets/lineDetails';
import { storedLines, type LineOptions, type StoredLine } from './basketLines';

/**
 * What makes two lines of a basket one purchase (issue 22 item 13): the product with the same
 * rate plan, maintenance and provisioning (product and DOVETAIL target). Adding such a product
 * again raises that line's quantity instead of adding a second line (docs/buying.md "Baskets").
 */
const SAME = ['product', ...CHOICE_FIELDS] as const;

export function sameLine(stored: StoredLine, line: LineOptions): boolean {
  return SAME.every((field) => (stored[field] ?? null) === (line[field] ?? null));
}

/** The basket's line the given one would repeat, if any (the first, should older data hold two). */
export async function lineLike(db: Knex, basketId: number, line: LineOptions): Promise<StoredLine | undefined> {
  return (await storedLines(db, basketId)).find((stored) => sameLine(stored, line));
}
