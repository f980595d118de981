import { describe, expect, it } from 'vitest';
import { formatCell, linkId, type CellContext } from './cellFormat';
import type { GenericColumn } from './genericListConfig';

const messages: Record<string, string> = { 'invoice_status.PAID': 'Paid', 'list.yes': 'Yes', 'list.no': 'No' };
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
