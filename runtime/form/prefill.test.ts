import { describe, expect, it } from 'vitest';
import { prefillValues, recordPrefill } from './prefill';

describe('prefillValues', () => {
  const translate = (key: string, values: Record<string, string>) => `${key}: ${values['now']}`;
  const now = new Date('2026-03-05T23:30:00Z');

  it("fills {{now}} with the date and time in the user's time zone", () => {
    expect(prefillValues({ name: 'new_name' }, translate, now, 'Europe/London')).toEqual({ name: 'new_name: 5th Mar 2026, 23:30' });
    expect(prefillValues({ name: 'new_name' }, translate, now, 'Asia/Tokyo')).toEqual({ name: 'new_name: 6th Mar 2026, 08:30' });
  });

  it('uses UTC without a zone and gives nothing without a prefill', () => {
    expect(prefillValues({ name: 'k' }, translate, now, undefined)).toEqual({ name: 'k: 5th Mar 2026, 23:30' });
    expect(prefillValues(undefined, translate, now, 'UTC')).toEqual({});
  });

  it("offers the scalar fields of the record it starts from as placeholders, {{now}} staying the clock's", () => {
    const seen: Record<string, string>[] = [];
    const record = { name: 'Buyer', id: 4, template: false, now: 'stale', organisation: { id: 3, name: 'Customer Co' } };
    prefillValues({ name: 'copy' }, (_key, values) => (seen.push(values), ''), now, 'UTC', record);
    expect(seen[0]).toEqual({ name: 'Buyer', id: '4', template: 'false', now: '5th Mar 2026, 23:30' });
  });
});

describe('recordPrefill', () => {
  it("takes the form's fields from the record, a shown reference as its id", () => {
    const record = { id: 1, name: 'Buyer', template: false, organisation: { id: 3, name: 'Customer Co' }, created_at: '2026-01-01' };
    expect(recordPrefill(['name', 'organisation', 'template'], record)).toEqual({ name: 'Buyer', organisation: 3, template: false });
  });

  it('keeps nulls and lists as they are, and leaves out fields the record lacks', () => {
    expect(recordPrefill(['organisation', 'columns', 'missing'], { organisation: null, columns: ['name'] })).toEqual({
      organisation: null,
      columns: ['name'],
    });
    expect(recordPrefill(['name'], undefined)).toEqual({});
  });
});
