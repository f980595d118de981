import type { Knex } from 'knex';
import { holdKey } from '../../db/keyLock';
import { teamNameKey } from '../../../shared/baskets/lineDetails';

export {
  DETAIL_FIELDS,
  detailProblem,
  normaliseDetails,
  teamNameClash,
  type DetailProblem,
  type LineDetails,
  type SubscriptionType,
} from '../../../shared/baskets/lineDetails';

/** Orders whose Dropbox teams are taken (000 §4: the clash check's order statuses). */
const OPEN_ORDER_STATUSES = ['CREATED', 'ATTENTION_REQUIRED', 'PENDING_AUTHORISATION', 'PROCESSING'];

/**
 * The organisation's existing Dropbox team names, lowered (000 §4): its own team, the teams of
 * its open orders, and the teams of the orders behind its Dropbox subscriptions.
 */
export async function existingTeamNames(db: Knex, organisationId: number): Promise<Set<string>> {
  const own = (await db('organisations').where('id', organisationId).first('team_name')) as { team_name: string | null } | undefined;
  const openOrders = db('orders').where('organisation_id', organisationId).whereIn('status', OPEN_ORDER_STATUSES).select('id');
  const subscriptionOrders = db('subscriptions')
    .where({ organisation_id: organisationId, type: 'DROPBOX' })
    .whereNotNull('order_id')
    .select('order_id');
  const rows = (await db('order_line_items')
    .whereNotNull('dropbox_team_name')
    .where((where) => where.whereIn('order_id', openOrders).orWhereIn('order_id', subscriptionOrders))
    .select('dropbox_team_name')) as { dropbox_team_name: string }[];
  const teams = [own?.team_name, ...rows.map((row) => row.dropbox_team_name)];
  return new Set(teams.flatMap((team) => teamNameKey(team) ?? []));
}

/**
 * existingTeamNames for a transaction that places an order: the new names among `teams` are held
 * first (holdKey, in one order), so that of two orders naming the same new team at once the second
 * reads the first's once it has committed. Unheld, both would read the names before either order
 * existed, and both would place the team.
 */
export async function existingTeamNamesHeld(
  db: Knex,
  organisationId: number,
  teams: readonly (string | null | undefined)[],
): Promise<Set<string>> {
  const named = teams.flatMap((team) => teamNameKey(team) ?? []);
  for (const name of [...new Set(named)].sort()) await holdKey(db, `dropbox team ${organisationId} ${name}`);
  return existingTeamNames(db, organisationId);
}
