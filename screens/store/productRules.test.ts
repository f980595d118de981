import { describe, expect, it } from 'vitest';
import { canLinkToProduct, isFinanceOffered, type StoreViewer } from './productRules';

function viewer(partial: Partial<StoreViewer> & { finance_type?: string | null } = {}): StoreViewer {
  const { finance_type = 'AGENT', ...rest } = partial;
  return { root: false, currency: 'GBP', organisation: { finance_type }, ...rest };
}

describe('isFinanceOffered', () => {
  it.each([
    ['GBP agent, financeable', viewer(), true, true],
    ['reseller finance type counts', viewer({ finance_type: 'RESELLER' }), true, true],
    ['product not financeable', viewer(), false, false],
    ['root user', viewer({ root: true }), true, false],
    ['EUR user', viewer({ currency: 'EUR' }), true, false],
    ['organisation without finance', viewer({ finance_type: null }), true, false],
    ['anonymous visitor', null, true, false],
  ] as const)('%s → %s', (_label, subject, is_financeable, expected) => {
    expect(isFinanceOffered(subject, { is_financeable })).toBe(expected);
  });
});

describe('canLinkToProduct', () => {
  it.each([
    ['active, live, non-root', { root: false }, true, false, true],
    ['inactive, non-root', { root: false }, false, false, false],
    ['draft, non-root', { root: false }, true, true, false],
    ['inactive, root', { root: true }, false, false, true],
    ['draft, root', { root: true }, true, true, true],
    ['active, anonymous', null, true, false, true],
    ['inactive, anonymous', null, false, false, false],
  ] as const)('%s → %s', (_label, subject, active, draft, expected) => {
    expect(canLinkToProduct(subject, { active, draft })).toBe(expected);
  });
});
