import { describe, expect, it } from 'vitest';
import { lineMargin, lineMarginPercent, lineTotal, linesSubtotal, orderFinance, orderTotalWithShipping } from './orderFigures';

const line = { price: '19.99', quantity: 3, discount: '10', sub_total_for_item: null, original_price: '12.50' };

describe('order line figures', () => {
  it('prices a line without a stored subtotal exactly: 19.99 × 3 less 10 % is 53.973', () => {
    expect(lineTotal(line)).toBe('53.9730');
  });
  it('prefers the stored subtotal and has no total without a price', () => {
    expect(lineTotal({ ...line, sub_total_for_item: '50.0000' })).toBe('50.0000');
    expect(lineTotal({ ...line, price: null })).toBeNull();
  });
  it('takes the cost from the total for the margin: 53.973 − 37.50', () => {
    expect(lineMargin(line)).toBe('16.4730');
    expect(lineMargin({ ...line, original_price: null })).toBeNull();
  });
  it("gives the margin as a share of the total (issue 22 item 10: root's Margin % was empty): 16.473 of 53.973", () => {
    expect(lineMarginPercent(line)).toBe('30.52');
    expect(lineMarginPercent({ ...line, original_price: null })).toBeNull();
    expect(lineMarginPercent({ ...line, sub_total_for_item: '0.0000' })).toBeNull();
  });
  it('adds lines without floating-point drift', () => {
    expect(
      linesSubtotal([
        { ...line, sub_total_for_item: '0.1000' },
        { ...line, sub_total_for_item: '0.2000' },
        { ...line, price: null },
      ]),
    ).toBe('0.3000');
  });
  it.each([
    { given: { total: '9.5000', ship_cost: '9.9500' }, want: '19.4500' },
    { given: { total: '0.1000', ship_cost: '0.2000' }, want: '0.3000' },
    { given: { total: '827.0000', ship_cost: null }, want: '827.0000' },
    { given: { total: null, ship_cost: '9.9500' }, want: null },
  ])('the order total with shipping of $given is $want', ({ given, want }) => {
    expect(orderTotalWithShipping(given)).toBe(want);
  });
});

describe("an order's finance summary (001 §9)", () => {
  it("finances the lines and shipping over the term by the checkout's rules, adding up to the penny", () => {
    const figures = orderFinance({
      line_items: [{ price: '1000.00', quantity: 2, discount: '0', sub_total_for_item: '2000.00', original_price: null, markup: null }],
      ship_cost: '9.95',
      finance_target: 'SELF',
      finance_term_length: 36,
    })!;
    expect(figures.net_sub_total).toBe('2009.95');
    expect(figures.term).toBe(36);
    // 2009.95 · r / (1 − (1 + r)^−36), r = 0.1263 / 12: 67.3655…; 36 × 67.37 = 2425.32.
    expect(figures.monthly_payment).toBe('67.37');
    expect(figures.total_paid).toBe('2425.32');
    expect(figures.cost_of_finance).toBe('415.37');
  });
  it('has none without a term', () => {
    expect(orderFinance({ line_items: [], ship_cost: null, finance_target: null, finance_term_length: null })).toBeNull();
  });
});
