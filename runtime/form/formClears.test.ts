import { describe, expect, it } from 'vitest';
import { applyClears } from './formClears';

const clears = { organisation_to: ['recipient_name', 'recipient_email'] };
const loaded: Record<string, unknown> = { organisation_to: 2, recipient_name: 'Ann', recipient_email: 'ann@x.example', name: 'Q' };

describe('applyClears', () => {
  it('empties the dependent fields when the field changes, keeping the others', () => {
    expect(applyClears(loaded, { ...loaded, organisation_to: 5 }, clears)).toEqual({
      organisation_to: 5,
      recipient_name: null,
      recipient_email: null,
      name: 'Q',
    });
    expect(applyClears(loaded, { ...loaded, organisation_to: undefined }, clears)).toEqual({
      organisation_to: undefined,
      recipient_name: null,
      recipient_email: null,
      name: 'Q',
    });
  });

  it('keeps everything when the field is unchanged, on the first data and without clears', () => {
    const edited = { ...loaded, recipient_name: 'Bob' };
    expect(applyClears(loaded, edited, clears)).toBe(edited);
    expect(applyClears(null, loaded, clears)).toBe(loaded);
    expect(applyClears(loaded, { ...loaded, organisation_to: 5 }, undefined)).toEqual({ ...loaded, organisation_to: 5 });
  });
});
