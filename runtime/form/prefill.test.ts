import { describe, expect, it } from 'vitest';
import { prefillValues } from './prefill';

describe('prefillValues', () => {
  const translate = (key: string, values: { now: string }) => `${key}: ${values.now}`;
  const now = new Date('2026-03-05T23:30:00Z');

  it("fills {{now}} with the date and time in the user's time zone", () => {
    expect(prefillValues({ name: 'new_name' }, translate, now, 'Europe/London')).toEqual({ name: 'new_name: 5th Mar 2026, 23:30' });
    expect(prefillValues({ name: 'new_name' }, translate, now, 'Asia/Tokyo')).toEqual({ name: 'new_name: 6th Mar 2026, 08:30' });
  });

  it('uses UTC without a zone and gives nothing without a prefill', () => {
    expect(prefillValues({ name: 'k' }, translate, now, undefined)).toEqual({ name: 'k: 5th Mar 2026, 23:30' });
    expect(prefillValues(undefined, translate, now, 'UTC')).toEqual({});
  });
});
