import { describe, expect, it } from 'vitest';
import { lineMargin, lineTotal, linesSubtotal } from './orderFigures';

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
  it('adds lines without floating-point drift', () => {
    expect(linesSubtotal([{ ...line, sub_total_for_item: '0.1000' }, { ...line, sub_total_for_item: '0.2000' }, { ...line, price: null }])).toBe('0.3000');
  });
});
