import type { Knex } from 'knex';
import type { ProblemCode } from '../../generated/problems';

/**
 * The line-detail rules of 000 §5 for a basket save: Dropbox team and Acronis tenant details,
 * the named-order fields, and which fields a product's subscription type lets a line carry.
 * Completeness (a Dropbox line with both fields, a named order's name) is checkout's, not a save's.
 */

export type SubscriptionType = 'ACRONIS' | 'DROPBOX' | 'NUVIAS' | 'SBC_AS_A_SERVICE' | 'STAC_TEAMS' | 'STAC_ZOOM_PHONE' | 'ZOOM';

export interface LineDetails {
  dropbox_team_name?: string | null;
  dropbox_admin_email?: string | null;
  acronis_tenant_name?: string | null;
  acronis_admin_email?: string | null;
  zoom_order_type?: string | null;
  zoom_deal_registration_id?: string | null;
  zoom_deal_registration_approval_id?: string | null;
  zoom_end_user_company?: string | null;
  zoom_end_user_name?: string | null;
  zoom_end_user_email?: string | null;
  sbc_name?: string | null;
  nuvias_name?: string | null;
  stac_teams_name?: string | null;
  stac_zoom_phone_name?: string | null;
}

export interface DetailProblem {
  code: ProblemCode;
  field: keyof LineDetails;
}

/** Which subscription type each field belongs to: elsewhere it does not apply. */
const FIELD_TYPES: Record<keyof LineDetails, SubscriptionType> = {
  dropbox_team_name: 'DROPBOX',
  dropbox_admin_email: 'DROPBOX',
  acronis_tenant_name: 'ACRONIS',
  acronis_admin_email: 'ACRONIS',
  zoom_order_type: 'ZOOM',
  zoom_deal_registration_id: 'ZOOM',
  zoom_deal_registration_approval_id: 'ZOOM',
  zoom_end_user_company: 'ZOOM',
  zoom_end_user_name: 'ZOOM',
  zoom_end_user_email: 'ZOOM',
  sbc_name: 'SBC_AS_A_SERVICE',
  nuvias_name: 'NUVIAS',
  stac_teams_name: 'STAC_TEAMS',
  stac_zoom_phone_name: 'STAC_ZOOM_PHONE',
};

export const DETAIL_FIELDS = Object.keys(FIELD_TYPES) as (keyof LineDetails)[];

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** 000 §5 team_name_regex: starts and ends with a non-space character (checked as typed, before trimming). */
const TEAM_NAME_SHAPE = /^\S(?:.*\S)?$/s;

/**
 * The details as they are stored: blank text becomes null, and a Dropbox or Acronis order whose
 * two fields are both empty is none (000 §4 "sets Dropbox/Acronis order details to none").
 */
export function normaliseDetails(details: LineDetails): Required<LineDetails> {
  return Object.fromEntries(
    DETAIL_FIELDS.map((field) => {
      const value = details[field];
      return [field, typeof value === 'string' ? (value.trim() === '' ? null : value) : (value ?? null)];
    }),
  ) as Required<LineDetails>;
}

/** The first rule a line's details break, or null. Team-name clashes need the database: see teamNameClashes. */
export function detailProblem(type: SubscriptionType | null, details: LineDetails): DetailProblem | null {
  for (const field of DETAIL_FIELDS) {
    const value = details[field];
    if (value !== null && value !== undefined && value !== '' && FIELD_TYPES[field] !== type) return { code: 'field_not_applicable', field };
  }
  if (type === 'DROPBOX') {
    const team = details.dropbox_team_name;
    if (filled(details.dropbox_admin_email) && !filled(team)) return { code: 'team_admin_required', field: 'dropbox_team_name' };
    if (filled(team)) {
      if (!TEAM_NAME_SHAPE.test(team)) return { code: 'team_name_regex', field: 'dropbox_team_name' };
      if (team.trim().length < 3) return { code: 'team_name_length', field: 'dropbox_team_name' };
    }
  }
  if (type === 'ACRONIS' && filled(details.acronis_tenant_name) !== filled(details.acronis_admin_email)) {
    return { code: 'acronis_pair_required', field: filled(details.acronis_tenant_name) ? 'acronis_admin_email' : 'acronis_tenant_name' };
  }
  return null;
}

/** Orders whose Dropbox teams are taken (000 §4: the clash check's order statuses). */
const OPEN_ORDER_STATUSES = ['CREATED', 'ATTENTION_REQUIRED', 'PENDING_AUTHORISATION', 'PROCESSING'];

/**
 * The organisation's existing Dropbox team names, lowered (000 §4): its own team, the teams of
 * its open orders, and the teams of the orders behind its Dropbox subscriptions.
 */
export async function existingTeamNames(db: Knex, organisationId: number): Promise<Set<string>> {
  const names = new Set<string>();
  const own = (await db('organisations').where('id', organisationId).first('team_name')) as { team_name: string | null } | undefined;
  if (own?.team_name) names.add(own.team_name.trim().toLowerCase());
  const openOrders = db('orders').where('organisation_id', organisationId).whereIn('status', OPEN_ORDER_STATUSES).select('id');
  const subscriptionOrders = db('subscriptions').where({ organisation_id: organisationId, type: 'DROPBOX' }).whereNotNull('order_id').select('order_id');
  const rows = (await db('order_line_items')
    .whereNotNull('dropbox_team_name')
    .where((where) => where.whereIn('order_id', openOrders).orWhereIn('order_id', subscriptionOrders))
    .select('dropbox_team_name')) as { dropbox_team_name: string }[];
  for (const row of rows) names.add(row.dropbox_team_name.trim().toLowerCase());
  return names;
}

/**
 * Team names a save would give new Dropbox teams: each must be new to the organisation
 * (team_name_exists) and used on one line only (new_team_name_exists), both in any case.
 * Answers the index of the first offending line with its code.
 */
export function teamNameClash(teams: readonly (string | null)[], existing: ReadonlySet<string>): { index: number; code: ProblemCode } | null {
  const seen = new Set<string>();
  for (const [index, team] of teams.entries()) {
    if (!filled(team)) continue;
    const key = team.trim().toLowerCase();
    if (existing.has(key)) return { index, code: 'team_name_exists' };
    if (seen.has(key)) return { index, code: 'new_team_name_exists' };
    seen.add(key);
  }
  return null;
}
