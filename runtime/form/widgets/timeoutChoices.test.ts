import { describe, expect, it } from 'vitest';
import { limitingOrganisation, loweredTimeout, timeoutChoices } from './timeoutChoices';

const OPTIONS = [86400, 43200, 28800, 14400, 7200, 3600, 1800].map((value) => ({ value, label: String(value) }));

describe('002 §4 timeout choices', () => {
  it('offers only those at most the organisation timeout', () => {
    expect(timeoutChoices(OPTIONS, { status: 'known', seconds: 3600 }).map((option) => option.value)).toEqual([3600, 1800]);
    expect(timeoutChoices(OPTIONS, { status: 'known', seconds: 86400 })).toHaveLength(7);
  });
  it('offers every choice while the limit is not known (the server decides)', () => {
    expect(timeoutChoices(OPTIONS, { status: 'unknown' })).toHaveLength(7);
    expect(timeoutChoices(OPTIONS, { status: 'loading' })).toHaveLength(7);
  });
  it('lowers a longer or missing timeout to the limit, and keeps one within it', () => {
    expect(loweredTimeout(86400, { status: 'known', seconds: 3600 })).toBe(3600);
    expect(loweredTimeout(undefined, { status: 'known', seconds: 3600 })).toBe(3600);
    expect(loweredTimeout(1800, { status: 'known', seconds: 3600 })).toBeUndefined();
    expect(loweredTimeout(3600, { status: 'known', seconds: 3600 })).toBeUndefined();
    expect(loweredTimeout(86400, { status: 'unknown' })).toBeUndefined();
  });
  it("reads the form's organisation on a new user, the record's on an existing one", () => {
    expect(limitingOrganisation(true, 7, null)).toBe(7);
    expect(limitingOrganisation(true, undefined, { organisation: { id: 3 } })).toBeNull();
    expect(limitingOrganisation(false, undefined, { organisation: { id: 3, name: 'Customer Co Ltd' } })).toBe(3);
    expect(limitingOrganisation(false, undefined, {})).toBeNull();
  });
});
