import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import { listScreenColumns } from '../../generated/listScreens';
import type { ListLayout, ListLayoutColumn } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { signedIn } from '../auth/signedIn';

/**
 * A user's own column layout of each list screen (issue 19): the grid's columns in the order,
 * widths and visibility the user left them, one row per user and screen, written through the
 * audited write path. The caller is the signed-in user (the emulated one, while emulating): the
 * path names the screen only, so no one reads or changes another user's layout.
 */

interface LayoutRow {
  id: number;
  columns: string;
}

/** The screen's grid columns; an unknown screen is a 404 (no row is kept for it). */
function columnsOf(screen: string): readonly string[] {
  const columns = Object.hasOwn(listScreenColumns, screen) ? listScreenColumns[screen] : undefined;
  if (!columns) throw new DomainError('not_found', 'list_screen_not_found', { detail: `no list screen ${screen} in spec/screens` });
  return columns;
}

async function storedLayout(db: Knex, userId: number, screen: string): Promise<LayoutRow | undefined> {
  return (await db('list_layouts').where({ user_id: userId, screen }).first('id', 'columns')) as LayoutRow | undefined;
}

/**
 * The stored columns that the screen still has (a column the spec since dropped is left out), in
 * their order; a malformed row reads as no layout.
 */
function parseColumns(text: string, known: readonly string[]): ListLayoutColumn[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (column): column is ListLayoutColumn =>
      column !== null &&
      typeof column === 'object' &&
      known.includes((column as ListLayoutColumn).id) &&
      (typeof (column as ListLayoutColumn).width === 'number' || (column as ListLayoutColumn).width === null) &&
      typeof (column as ListLayoutColumn).hidden === 'boolean',
  );
}

/** The layout sent, checked against the screen: each column one of its own, none twice, not every one hidden. */
function checkedColumns(columns: readonly ListLayoutColumn[], known: readonly string[]): ListLayoutColumn[] {
  const seen = new Set<string>();
  for (const column of columns) {
    if (!known.includes(column.id) || seen.has(column.id)) {
      throw new DomainError('unprocessable', 'unknown_value', {
        field: 'columns',
        detail: `${column.id} is not a column of this screen, or comes twice`,
      });
    }
    seen.add(column.id);
  }
  if (columns.length > 0 && columns.every((column) => column.hidden) && columns.length === known.length) {
    throw new DomainError('unprocessable', 'unknown_value', { field: 'columns', detail: 'at least one column must stay shown' });
  }
  return columns.map(({ id, width, hidden }) => ({ id, width, hidden }));
}

export const getMyListLayout: Handler<'getMyListLayout'> = async ({ params }, context): Promise<ListLayout> => {
  const user = signedIn(context);
  const known = columnsOf(params.screen);
  const row = await storedLayout(context.db, user.id, params.screen);
  return { screen: params.screen, columns: row ? parseColumns(row.columns, known) : [] };
};

export const saveMyListLayout: Handler<'saveMyListLayout'> = async ({ params, body }, context): Promise<ListLayout> => {
  const user = signedIn(context);
  const columns = checkedColumns(body.columns, columnsOf(params.screen));
  const values = { columns: JSON.stringify(columns), updated_at: context.now() };
  const row = await storedLayout(context.db, user.id, params.screen);
  if (row) await context.records.update('list_layout', row.id, values);
  else await context.records.insert('list_layout', { user: user.id, screen: params.screen, ...values });
  return { screen: params.screen, columns };
};

export const resetMyListLayout: Handler<'resetMyListLayout'> = async ({ params }, context): Promise<void> => {
  const user = signedIn(context);
  columnsOf(params.screen);
  const row = await storedLayout(context.db, user.id, params.screen);
  if (row) await context.records.remove('list_layout', row.id);
};
