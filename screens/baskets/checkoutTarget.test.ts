import { describe, expect, it } from 'vitest';
import { checkoutTarget } from './checkoutTarget';

describe('checkoutTarget', () => {
  it('goes to the checkout of the only basket with line items', () => {
    expect(checkoutTarget([{ id: 5 }], 1)).toEqual({ route: 'basket_checkout', params: { id: '5' } });
  });

  it('goes to the baskets list when no basket has line items', () => {
    expect(checkoutTarget([], 0)).toEqual({ route: 'baskets', params: {} });
  });

  it('goes to the baskets list when several have, however many the page holds', () => {
    expect(checkoutTarget([{ id: 1 }, { id: 2 }], 2)).toEqual({ route: 'baskets', params: {} });
    expect(checkoutTarget([{ id: 1 }], 7)).toEqual({ route: 'baskets', params: {} });
  });
});
