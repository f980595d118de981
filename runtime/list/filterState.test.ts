import { describe, expect, it } from 'vitest';
import { serializeQuery } from '../api/query';
import { filterProblems, filterQuery, initialFilterValues, rangeProblem } from './filterState';
import type { GenericFilter } from './genericListConfig';

const text: GenericFilter = { params: ['text'], widget: 'text', label: 'filters.text' };
const status: GenericFilter = { params: ['status'], widget: 'checklist', label: 'x', options: ['OPEN', 'PAID'], enum: 'invoice_status' };
const kind: GenericFilter = { params: ['kind'], widget: 'select', label: 'x', options: ['A', 'B'], default: 'A' };
const dates: GenericFilter = { params: ['start_date', 'end_date'], widget: 'date_range', label: 'x' };
const values: GenericFilter = { params: ['value_from', 'value_to'], widget: 'value_range', label: 'x' };
const all = [text, status, kind, dates, values];

describe('initialFilterValues', () => {
  it('starts empty, or at the spec default', () => {
    expect(initialFilterValues(all)).toEqual({
      text: '',
      status: [],
      kind: 'A',
      start_date: '',
      end_date: '',
      value_from: '',
      value_to: '',
    });
  });

  it('starts at the preset of a URL flag the page was opened with (001 §2 ?pending_auth)', () => {
    const preset: GenericFilter = { ...status, presets: { overdue: ['OPEN'] } };
    expect(initialFilterValues([preset], new Set(['overdue']))).toEqual({ status: ['OPEN'] });
    expect(initialFilterValues([preset], new Set(['other']))).toEqual({ status: [] });
    expect(initialFilterValues([preset])).toEqual({ status: [] });
  });
});

describe('filterQuery', () => {
  it('sends what is filled in, trimmed, with checklists as repeated parameters', () => {
    const query = filterQuery(all, { ...initialFilterValues(all), text: '  acme ', status: ['OPEN', 'PAID'], start_date: '2026-01-01' });
    expect(serializeQuery(query)).toBe('text=acme&status=OPEN&status=PAID&kind=A&start_date=2026-01-01');
  });

  it('names every parameter, so an emptied filter clears the one sent before', () => {
    const query = filterQuery(all, initialFilterValues(all));
    expect(Object.keys(query).sort()).toEqual(['end_date', 'kind', 'start_date', 'status', 'text', 'value_from', 'value_to']);
    expect(query.text).toBeUndefined();
    expect(query.status).toBeUndefined();
  });

  it('sends neither bound of an inverted range', () => {
    const query = filterQuery(all, {
      ...initialFilterValues(all),
      start_date: '2026-02-01',
      end_date: '2026-01-31',
      value_from: '10',
      value_to: '20',
    });
    expect(query.start_date).toBeUndefined();
    expect(query.end_date).toBeUndefined();
    expect(query).toMatchObject({ value_from: '10', value_to: '20' });
  });
});

describe('rangeProblem', () => {
  it('flags an end date before the start, not an equal one', () => {
    expect(rangeProblem(dates, { start_date: '2026-02-01', end_date: '2026-01-31' })).toBe('soft_validation_date_range');
    expect(rangeProblem(dates, { start_date: '2026-02-01', end_date: '2026-02-01' })).toBeNull();
    expect(rangeProblem(dates, { start_date: '2026-02-01', end_date: '' })).toBeNull();
  });

  it('compares values as decimals, not as text', () => {
    expect(rangeProblem(values, { value_from: '9', value_to: '10' })).toBeNull();
    expect(rangeProblem(values, { value_from: '10.01', value_to: '10.001' })).toBe('soft_validation_value_range');
    expect(rangeProblem(values, { value_from: 'abc', value_to: '1' })).toBeNull();
  });

  it('has nothing to say about other widgets', () => {
    expect(rangeProblem(text, { text: 'x' })).toBeNull();
    expect(filterProblems(all, { ...initialFilterValues(all), value_from: '5', value_to: '4' })).toEqual({
      'value_from,value_to': 'soft_validation_value_range',
    });
  });
});

describe('a choice filter (002 §7: user status sent as boolean parameters)', () => {
  const userStatus: GenericFilter = {
    params: ['verified', 'disabled', 'password_reset'],
    widget: 'select',
    label: 'x',
    name: 'status',
    enum: 'user_status',
    options: ['UNVERIFIED', 'DISABLED', 'PASSWORD_RESET'],
    choices: { UNVERIFIED: { verified: false }, DISABLED: { disabled: true }, PASSWORD_RESET: { password_reset: true } },
  };

  it('keeps its value under its name', () => {
    expect(initialFilterValues([userStatus])).toEqual({ status: '' });
    expect(initialFilterValues([{ ...userStatus, default: 'DISABLED' }])).toEqual({ status: 'DISABLED' });
  });

  it.each([
    { given: '', want: '' },
    { given: 'UNVERIFIED', want: 'verified=false' },
    { given: 'DISABLED', want: 'disabled=true' },
    { given: 'PASSWORD_RESET', want: 'password_reset=true' },
    { given: 'UNKNOWN', want: '' },
  ])('$given → "$want", clearing the other parameters', ({ given, want }) => {
    const query = filterQuery([userStatus], { status: given });
    expect(Object.keys(query).sort()).toEqual(['disabled', 'password_reset', 'verified']);
    expect(serializeQuery(query)).toBe(want);
  });
});
