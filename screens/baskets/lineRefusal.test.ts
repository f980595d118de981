import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../../runtime/api/problem';
import { lineRefusalOf, standingRefusal } from './lineRefusal';

const problem = (code: string, parameter?: string) =>
  new ApiProblem({ status: 409, code, message_key: `problem.${code}`, ...(parameter !== undefined && { parameter }) });
const values: Record<number, string> = { 11: 'Design', 12: 'Sales' };
const valueOf = (lineId: number) => values[lineId] ?? '';

describe('lineRefusalOf', () => {
  it('finds the line by its position in the lines sent, and keeps the value refused', () => {
    expect(lineRefusalOf(problem('team_name_exists', 'line_items/1/dropbox_team_name'), [11, 12], valueOf)).toEqual({
      lineId: 12,
      problem: { code: 'team_name_exists', field: 'dropbox_team_name' },
      value: 'Sales',
    });
  });
  it.each([
    ['another code', problem('non_unique_po_number', 'line_items/0/dropbox_team_name')],
    ['a field of the basket', problem('team_name_exists', 'dropbox_team_name')],
    ['a position not sent', problem('team_name_exists', 'line_items/5/dropbox_team_name')],
    ['a field that is no line detail', problem('team_name_exists', 'line_items/0/quantity')],
    ['no problem at all', new Error('network')],
  ])('is none for %s', (_label, error) => {
    expect(lineRefusalOf(error, [11, 12], valueOf)).toBeNull();
  });
});

it('standingRefusal: shown by its line while the field keeps the value refused', () => {
  const refusal = { lineId: 12, problem: { code: 'team_name_exists' as const, field: 'dropbox_team_name' as const }, value: 'Sales' };
  expect(standingRefusal(refusal, 12, () => 'Sales')).toEqual(refusal.problem);
  expect(standingRefusal(refusal, 12, () => 'Sales 2')).toBeUndefined();
  expect(standingRefusal(refusal, 11, () => 'Sales')).toBeUndefined();
  expect(standingRefusal(null, 12, () => 'Sales')).toBeUndefined();
});
