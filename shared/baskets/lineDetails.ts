/**
 * The line-detail rules of 000 §5 for a basket save: Dropbox team and Acronis tenant details,
 * the named-order fields, and which fields a product's subscription type lets a line carry.
 * Completeness (a Dropbox line with both fields, a named order's name) is checkout's, not a save's.
 * Shared: the server enforces them (server/modules/baskets), the basket page shows them as typed.
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

/** The catalogue's problem codes (problem.<code>) these rules answer with. */
export type DetailCode =
  | 'field_not_applicable'
  | 'team_admin_required'
  | 'team_name_regex'
  | 'team_name_length'
  | 'acronis_pair_required'
  | 'team_name_exists'
  | 'new_team_name_exists';

export interface DetailProblem {
  code: DetailCode;
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

/** The line-detail fields of every subscription type but `types` (what a copy of a line keeps when those are reset). */
export function detailFieldsExcept(types: readonly SubscriptionType[]): (keyof LineDetails)[] {
  return DETAIL_FIELDS.filter((field) => !types.includes(FIELD_TYPES[field]));
}

/** A line's choices beside its details: rate plan, maintenance and provisioning products, where it is provisioned. */
export const CHOICE_FIELDS = [
  'selected_rate_plan',
  'maintenance_product',
  'prov_product',
  'prov_organisation',
  'prov_group',
  'prov_site',
] as const;

/**
 * The line-detail fields each subscription type must have filled before checkout (000 §3 line
 * item, 000 §5 "details step complete"): the basket page, the wizard and the server read this one table.
 */
export const REQUIRED_DETAILS = {
  DROPBOX: ['dropbox_team_name', 'dropbox_admin_email'],
  ACRONIS: ['acronis_tenant_name', 'acronis_admin_email'],
  NUVIAS: ['nuvias_name'],
  SBC_AS_A_SERVICE: ['sbc_name'],
  STAC_TEAMS: ['stac_teams_name'],
  STAC_ZOOM_PHONE: ['stac_zoom_phone_name'],
  ZOOM: [],
} as const satisfies Record<SubscriptionType, readonly (keyof LineDetails)[]>;

/**
 * The line-detail fields each subscription type lets a buyer edit, in the order they are shown
 * (000 §3 line item: dropbox_order, acronis_order, zoom_order {zoom_order_type, deal registration
 * and approval ids, end-user company, name and e-mail}, the named orders): the basket page and the
 * wizard's Details tab show these, and nothing of another type.
 */
export const EDITABLE_DETAILS = {
  DROPBOX: ['dropbox_team_name', 'dropbox_admin_email'],
  ACRONIS: ['acronis_tenant_name', 'acronis_admin_email'],
  NUVIAS: ['nuvias_name'],
  SBC_AS_A_SERVICE: ['sbc_name'],
  STAC_TEAMS: ['stac_teams_name'],
  STAC_ZOOM_PHONE: ['stac_zoom_phone_name'],
  ZOOM: [
    'zoom_order_type',
    'zoom_deal_registration_id',
    'zoom_deal_registration_approval_id',
    'zoom_end_user_company',
    'zoom_end_user_name',
    'zoom_end_user_email',
  ],
} as const satisfies Record<SubscriptionType, readonly (keyof LineDetails)[]>;

/** A field some subscription type lets a line carry. */
export type EditableDetailField = (typeof EDITABLE_DETAILS)[SubscriptionType][number];

/** The fields a line of this subscription type edits; none for a type without any or an unknown one. */
export function editableDetails(type: string | null | undefined): readonly EditableDetailField[] {
  return type && Object.hasOwn(EDITABLE_DETAILS, type) ? EDITABLE_DETAILS[type as SubscriptionType] : [];
}

/**
 * Each field's length limit (000 §5, §9: team, tenant and end-user names 20, admin e-mails 255;
 * 001 §5: Zoom fields 100), as the entity stores them.
 */
export const DETAIL_MAX_LENGTH: Record<Exclude<keyof LineDetails, 'zoom_order_type'>, number> = {
  dropbox_team_name: 20,
  dropbox_admin_email: 255,
  acronis_tenant_name: 20,
  acronis_admin_email: 255,
  zoom_deal_registration_id: 100,
  zoom_deal_registration_approval_id: 100,
  zoom_end_user_company: 100,
  zoom_end_user_name: 100,
  zoom_end_user_email: 100,
  sbc_name: 20,
  nuvias_name: 20,
  stac_teams_name: 20,
  stac_zoom_phone_name: 20,
};

/** The values zoom_order_type takes (001 §3; the wizard's default is NEW_BUSINESS, 001 §9). */
export const ZOOM_ORDER_TYPES = ['NEW_BUSINESS'] as const;

/** A field some subscription type requires. */
export type RequiredDetailField = (typeof REQUIRED_DETAILS)[SubscriptionType][number];

/** The required details of a line's subscription type; none for a type without any or an unknown one. */
export function requiredDetails(type: string | null | undefined): readonly RequiredDetailField[] {
  return type && Object.hasOwn(REQUIRED_DETAILS, type) ? REQUIRED_DETAILS[type as SubscriptionType] : [];
}

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
    if (value !== null && value !== undefined && value !== '' && FIELD_TYPES[field] !== type)
      return { code: 'field_not_applicable', field };
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

/** How Dropbox team names compare (000 §4: in any case): trimmed and lower-cased; null for no team. */
export function teamNameKey(team: string | null | undefined): string | null {
  return filled(team) ? team.trim().toLowerCase() : null;
}

/**
 * Team names a save would give new Dropbox teams: each must be new to the organisation
 * (team_name_exists) and used on one line only (new_team_name_exists), both in any case.
 * Answers the index of the first offending line with its code.
 */
export function teamNameClash(
  teams: readonly (string | null)[],
  existing: ReadonlySet<string>,
): { index: number; code: 'team_name_exists' | 'new_team_name_exists' } | null {
  const seen = new Set<string>();
  for (const [index, team] of teams.entries()) {
    const key = teamNameKey(team);
    if (key === null) continue;
    if (existing.has(key)) return { index, code: 'team_name_exists' };
    if (seen.has(key)) return { index, code: 'new_team_name_exists' };
    seen.add(key);
  }
  return null;
}

/** One line as the screens check it: its key (the line's id), type, details, and whether it is kept (quantity above 0). */
export interface DetailedLine {
  key: number;
  type: SubscriptionType | null;
  details: LineDetails;
  kept: boolean;
}

/**
 * Each kept line's first line-detail problem as typed (000 §5), keyed by line: the rules of
 * detailProblem, then a new Dropbox team named on two lines or one the organisation has
 * (`existing`, lowered; the screens know none, the server knows them all).
 */
export function lineDetailProblems(lines: readonly DetailedLine[], existing: ReadonlySet<string> = new Set()): Map<number, DetailProblem> {
  const kept = lines.filter((line) => line.kept);
  const problems = new Map<number, DetailProblem>();
  for (const line of kept) {
    const problem = detailProblem(line.type, line.details);
    if (problem) problems.set(line.key, problem);
  }
  const clash = teamNameClash(
    kept.map((line) => (line.type === 'DROPBOX' ? (line.details.dropbox_team_name ?? null) : null)),
    existing,
  );
  const clashing = clash ? kept[clash.index] : undefined;
  if (clash && clashing && !problems.has(clashing.key)) problems.set(clashing.key, { code: clash.code, field: 'dropbox_team_name' });
  return problems;
}
