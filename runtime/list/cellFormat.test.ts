import { describe, expect, it } from 'vitest';
import { formatCell, linkId, rowMeets, warningText, type CellContext } from './cellFormat';
import type { GenericColumn } from './genericListConfig';

const messages: Record<string, string> = {
  'invoice_status.PAID': 'Paid',
  'list.yes': 'Yes',
  'list.no': 'No',
  'u.unverified': 'Unverified',
  'u.disabled': 'Disabled',
  'u.reset': 'Password requires reset',
  'u.active': 'Active',
  'f.schedule': 'Not on its schedule',
  'f.sitc': 'SITC not confirmed',
};
const context: CellContext = { currency: 'GBP', timezone: 'Europe/Paris', message: (key) => messages[key] ?? null };
const column = (format: GenericColumn['format'], extra: Partial<GenericColumn> = {}): GenericColumn => ({
  field: 'value',
  label: 'x',
  format,
  sortable: false,
  ...extra,
});

describe('formatCell', () => {
  it('formats money in the row currency, else the user currency', () => {
    expect(formatCell(column('money'), { value: '1249.995', currency: 'EUR' }, context)).toBe('€1,250.00');
    expect(formatCell(column('money'), { value: '12.5' }, context)).toBe('£12.50');
    expect(formatCell(column('money', { currency: 'USD' }), { value: '12.5', currency: 'EUR' }, context)).toBe('US$12.50');
  });

  it('shows the fallback property when the field is null (a basket without a name shows its id)', () => {
    expect(formatCell(column('text', { fallback: 'id' }), { value: null, id: 2 }, context)).toBe('2');
    expect(formatCell(column('text', { fallback: 'id' }), { value: 'Named', id: 2 }, context)).toBe('Named');
    expect(formatCell(column('text'), { value: null, id: 2 }, context)).toBe('');
  });

  it('formats dates, and instants in the user time zone', () => {
    expect(formatCell(column('date'), { value: '2026-03-03' }, context)).toBe('3rd Mar 2026');
    expect(formatCell(column('datetime'), { value: '2026-03-03T23:15:00Z' }, context)).toBe('4th Mar 2026, 00:15');
  });

  it('labels enum values from their messages, else shows the raw value', () => {
    expect(formatCell(column('enum', { enum: 'invoice_status' }), { value: 'PAID' }, context)).toBe('Paid');
    expect(formatCell(column('enum', { enum: 'invoice_status' }), { value: 'VOID' }, context)).toBe('VOID');
    expect(formatCell(column('enum'), { value: 'PAID' }, context)).toBe('PAID');
  });

  it('shows yes/no, the name of an object and nothing for null', () => {
    expect(formatCell(column('boolean'), { value: true }, context)).toBe('Yes');
    expect(formatCell(column('boolean'), { value: false }, context)).toBe('No');
    expect(formatCell(column('text'), { value: { id: 3, name: 'Acme Ltd' } }, context)).toBe('Acme Ltd');
    expect(formatCell(column('money'), { value: null }, context)).toBe('');
    expect(formatCell(column('text'), { value: 42 }, context)).toBe('42');
  });
});

describe('linkId', () => {
  it('reads the link parameter field, id by default', () => {
    expect(linkId(column('text'), { id: 7 })).toBe('7');
    expect(linkId(column('text', { linkParam: 'order_id' }), { id: 7, order_id: 9 })).toBe('9');
    expect(linkId(column('text', { linkParam: 'order_id' }), { id: 7, order_id: null })).toBeNull();
  });
});

describe('rowMeets', () => {
  it('holds when every property equals its value or lies above its bound', () => {
    expect(rowMeets({ n: { gt: 0 } }, { n: 1 })).toBe(true);
    expect(rowMeets({ n: { gt: 0 } }, { n: 0 })).toBe(false);
    // A bound never matches text (money arrives as text) nor a missing property.
    expect(rowMeets({ n: { gt: 0 } }, { n: '5' })).toBe(false);
    expect(rowMeets({ n: { gt: 0 } }, {})).toBe(false);
    expect(rowMeets({ n: { gt: 0 }, s: 'A' }, { n: 1, s: 'B' })).toBe(false);
    expect(rowMeets({ s: null }, {})).toBe(true);
  });
});

describe('computed columns (cases, otherwise) and warnings', () => {
  const status = column('text', {
    field: 'status',
    cases: [
      { when: { verified: false }, label: 'u.unverified' },
      { when: { disabled: true }, label: 'u.disabled' },
      { when: { password_reset: true }, label: 'u.reset' },
    ],
    otherwise: 'u.active',
  });
  it.each([
    { given: { verified: true, disabled: false, password_reset: false }, want: 'Active' },
    { given: { verified: false, disabled: false, password_reset: false }, want: 'Unverified' },
    { given: { verified: false, disabled: true, password_reset: true }, want: 'Unverified, Disabled, Password requires reset' },
    { given: { verified: true, disabled: true }, want: 'Disabled' },
  ])('status of $given is "$want"', ({ given, want }) => {
    expect(formatCell(status, given, context)).toBe(want);
  });

  const feed = column('text', {
    field: 'name',
    warnings: [
      { when: { active: false }, label: 'f.schedule' },
      { when: { delivery_method: 'SITC', sitc_confirm: false }, label: 'f.sitc' },
    ],
  });
  it.each([
    { given: { name: 'a', active: true, delivery_method: 'SITC', sitc_confirm: true }, want: null },
    { given: { name: 'b', active: false, delivery_method: 'EMAIL', sitc_confirm: false }, want: 'Not on its schedule' },
    { given: { name: 'c', active: true, delivery_method: 'SITC', sitc_confirm: false }, want: 'SITC not confirmed' },
    { given: { name: 'd', active: false, delivery_method: 'SITC', sitc_confirm: false }, want: 'Not on its schedule. SITC not confirmed' },
  ])('warning of $given.name is $want', ({ given, want }) => {
    expect(warningText(feed, given, context)).toBe(want);
    expect(formatCell(feed, given, context)).toBe(given.name);
  });

  it('matches null against a missing property, and shows nothing without otherwise', () => {
    const empty = column('text', { field: 'x', cases: [{ when: { parent: null }, label: 'u.active' }] });
    expect(formatCell(empty, {}, context)).toBe('Active');
    expect(formatCell(empty, { parent: 3 }, context)).toBe('');
  });
});

describe('rowMeets (a record screen redirect_when, a column case)', () => {
  it('needs every property to have its value, a missing one counting as null', () => {
    expect(rowMeets({ quote_status: 'DRAFT' }, { id: 1, quote_status: 'DRAFT' })).toBe(true);
    expect(rowMeets({ quote_status: 'DRAFT' }, { id: 2, quote_status: 'PUBLISHED' })).toBe(false);
    expect(rowMeets({ quote_status: 'DRAFT', order_id: null }, { quote_status: 'DRAFT' })).toBe(true);
    expect(rowMeets({ quote_status: 'DRAFT', order_id: null }, { quote_status: 'DRAFT', order_id: 4 })).toBe(false);
  });
});
