import { describe, expect, it } from 'vitest';
import {
  detailProblem,
  editableDetails,
  lineDetailProblems,
  normaliseDetails,
  teamNameClash,
  type LineDetails,
  type SubscriptionType,
} from './lineDetails';

describe('detailProblem (000 §5)', () => {
  it.each<[string, SubscriptionType | null, LineDetails, string | null]>([
    ['a complete Dropbox team', 'DROPBOX', { dropbox_team_name: 'Design', dropbox_admin_email: 'it@x.example' }, null],
    ['a team without its admin yet (a save may be half-filled)', 'DROPBOX', { dropbox_team_name: 'Design' }, null],
    ['nothing at all', 'DROPBOX', {}, null],
    ['an admin without a team', 'DROPBOX', { dropbox_admin_email: 'it@x.example' }, 'dropbox_team_name:team_admin_required'],
    ['two characters', 'DROPBOX', { dropbox_team_name: 'ab' }, 'dropbox_team_name:team_name_length'],
    ['three characters', 'DROPBOX', { dropbox_team_name: 'abc' }, null],
    ['a leading space as typed', 'DROPBOX', { dropbox_team_name: ' abc' }, 'dropbox_team_name:team_name_regex'],
    ['a trailing space as typed', 'DROPBOX', { dropbox_team_name: 'abc ' }, 'dropbox_team_name:team_name_regex'],
    ['a tenant alone', 'ACRONIS', { acronis_tenant_name: 'acme' }, 'acronis_admin_email:acronis_pair_required'],
    ['an Acronis admin alone', 'ACRONIS', { acronis_admin_email: 'it@x.example' }, 'acronis_tenant_name:acronis_pair_required'],
    ['a tenant pair', 'ACRONIS', { acronis_tenant_name: 'acme', acronis_admin_email: 'it@x.example' }, null],
    ['a Dropbox team on hardware', null, { dropbox_team_name: 'Design' }, 'dropbox_team_name:field_not_applicable'],
    ['a Nuvias name on a Nuvias line', 'NUVIAS', { nuvias_name: 'Support' }, null],
    ['an SBC name on a STAC line', 'STAC_TEAMS', { sbc_name: 'x' }, 'sbc_name:field_not_applicable'],
    ['blank fields of another type are no details', null, { dropbox_team_name: '', nuvias_name: null }, null],
  ])('%s', (_label, type, details, expected) => {
    const problem = detailProblem(type, details);
    expect(problem ? `${problem.field}:${problem.code}` : null).toBe(expected);
  });
});

describe('teamNameClash', () => {
  it.each<[string, (string | null)[], string[], { index: number; code: string } | null]>([
    ['all new and distinct', ['Design', 'Sales', null], [], null],
    ['an existing team in another case', ['Design', 'SALES TEAM'], ['sales team'], { index: 1, code: 'team_name_exists' }],
    ['the same new team twice, trimmed and in any case', ['Design', ' design '], [], { index: 1, code: 'new_team_name_exists' }],
  ])('%s', (_label, teams, existing, expected) => {
    expect(teamNameClash(teams, new Set(existing))).toEqual(expected);
  });
});

it('normaliseDetails stores blanks as none', () => {
  expect(normaliseDetails({ dropbox_team_name: '  ', dropbox_admin_email: 'it@x.example' })).toMatchObject({
    dropbox_team_name: null,
    dropbox_admin_email: 'it@x.example',
    nuvias_name: null,
  });
});

describe('lineDetailProblems', () => {
  const dropbox = (key: number, team: string, kept = true) => ({
    key,
    type: 'DROPBOX' as const,
    details: { dropbox_team_name: team },
    kept,
  });
  it('keys each kept line’s first problem by the line, a clash on the second line naming it', () => {
    const problems = lineDetailProblems([dropbox(7, 'ab'), dropbox(8, 'Design'), dropbox(9, 'DESIGN ')]);
    expect([...problems]).toEqual([
      [7, { code: 'team_name_length', field: 'dropbox_team_name' }],
      [9, { code: 'team_name_regex', field: 'dropbox_team_name' }],
    ]);
    expect([...lineDetailProblems([dropbox(8, 'Design'), dropbox(9, 'DESIGN')])]).toEqual([
      [9, { code: 'new_team_name_exists', field: 'dropbox_team_name' }],
    ]);
  });
  it('ignores lines that are being removed, and knows the existing teams it is given', () => {
    expect(lineDetailProblems([dropbox(8, 'Design'), dropbox(9, 'design', false)]).size).toBe(0);
    expect(lineDetailProblems([dropbox(8, 'Sales')], new Set(['sales'])).get(8)).toEqual({
      code: 'team_name_exists',
      field: 'dropbox_team_name',
    });
  });
});

it('editableDetails: each type its own fields, the Zoom order’s included; none for hardware', () => {
  expect(editableDetails('ZOOM')).toContain('zoom_deal_registration_id');
  expect(editableDetails('DROPBOX')).toEqual(['dropbox_team_name', 'dropbox_admin_email']);
  expect(editableDetails(null)).toEqual([]);
  expect(editableDetails('toString')).toEqual([]);
});
