import { describe, expect, it } from 'vitest';
import { hasErrors, readTabs, tabOfFields } from './formTabs';

const uiSchema = {
  'ui:tabs': [
    { key: 'details', labelKey: 'tab.details', fields: ['name', 'email'] },
    { key: 'finance', labelKey: 'tab.finance', fields: ['finance_type'] },
    { key: 'broken', fields: 'x' },
  ],
};

describe('readTabs', () => {
  it('reads well-formed tabs and skips broken ones', () => {
    expect(readTabs(uiSchema).map((tab) => tab.key)).toEqual(['details', 'finance']);
    expect(readTabs({})).toEqual([]);
    expect(readTabs(undefined)).toEqual([]);
  });
});

describe('tabOfFields', () => {
  it('places listed fields on their tab and unlisted ones on the first', () => {
    const placement = tabOfFields(readTabs(uiSchema), ['name', 'finance_type', 'notes']);
    expect(Object.fromEntries(placement)).toEqual({ name: 'details', email: 'details', finance_type: 'finance', notes: 'details' });
  });
});

describe('hasErrors', () => {
  it('finds errors at any depth and ignores empty lists', () => {
    expect(hasErrors({ name: { __errors: [] } })).toBe(false);
    expect(hasErrors({ address: { city: { __errors: ['required'] } } })).toBe(true);
    expect(hasErrors(undefined)).toBe(false);
  });
});
