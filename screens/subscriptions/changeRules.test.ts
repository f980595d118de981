import { describe, expect, it } from 'vitest';
import { increases, isOpenOrder, lockedReason, quantityProblem, type BreakdownRow } from './changeRules';

const row = (over: Partial<BreakdownRow> = {}): BreakdownRow => ({
  id: 1,
  quantity: 18,
  product: { id: 40, name: 'Dropbox', product_code: 'DBX', subscription_product_type: 'BASE' },
  rate_plan: 'Monthly',
  recurring_cost: '225.00',
  total_contract_value: '2700.00',
  min_quantity: 18,
  max_quantity: 100,
  volume_ranges: [],
  ...over,
});

describe('subscription change rules (001 §5, §6)', () => {
  it('locks the quantities for root, non-ACTIVE, ACRONIS or ZOOM, a pending change and an open order, in that order', () => {
    const active = { status: 'ACTIVE', type: 'DROPBOX', pending_change: false };
    expect(lockedReason(active, false, 0, true)).toBeNull();
    expect(lockedReason(active, true, 0, true)).toBe('subscriptions.root_tooltip');
    expect(lockedReason({ ...active, status: 'PENDING' }, false, 0, true)).toBe('subscriptions.pending_sub_tooltip');
    expect(lockedReason({ ...active, type: 'ACRONIS' }, false, 0, true)).toBe('subscriptions.vendor_quantity_tooltip');
    expect(lockedReason({ ...active, type: 'ZOOM', pending_change: true }, false, 0, true)).toBe('subscriptions.vendor_quantity_tooltip');
    expect(lockedReason({ ...active, pending_change: true }, false, 1, true)).toBe('subscriptions.pending_change_tooltip');
    expect(lockedReason(active, false, 1, true)).toBe('subscriptions.pending_order_tooltip');
    expect(
      [{ status: 'CREATED' }, { status: 'COMPLETE' }, { status: 'FAILED' }, { status: 'CANCELLED' }, { status: 'SHIPPED' }].map(
        isOpenOrder,
      ),
    ).toEqual([true, false, false, false, true]);
  });

  it('takes whole quantities from the original one up to the plan maximum', () => {
    expect(quantityProblem(row(), '18')).toBeNull();
    expect(quantityProblem(row(), '100')).toBeNull();
    expect(quantityProblem(row(), '17')).toEqual({ key: 'subscriptions.min_quantity_tooltip', values: { min: 18 } });
    expect(quantityProblem(row(), '18.5')?.key).toBe('subscriptions.min_quantity_tooltip');
    expect(quantityProblem(row(), '')?.key).toBe('subscriptions.min_quantity_tooltip');
    expect(quantityProblem(row(), '101')).toEqual({ key: 'subscriptions.max_quantity_tooltip', values: { max: 100 } });
    expect(quantityProblem(row({ max_quantity: null }), '100000')).toBeNull();
  });

  it('sends only increases', () => {
    expect(
      increases([row(), row({ id: 2, quantity: 5, product: { id: 41, name: 'x', product_code: 'x', subscription_product_type: null } })], {
        1: '25',
        2: '5',
      }),
    ).toEqual([{ product: 40, quantity: 7 }]);
    expect(increases([row()], { 1: '18' })).toEqual([]);
  });
});
