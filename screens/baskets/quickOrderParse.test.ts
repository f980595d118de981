import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quickOrderParse';

describe('parseQuickOrder', () => {
  it('reads comma, semicolon and tab separated pairs, keeping line numbers and skipping blank lines', () => {
    expect(parseQuickOrder('GEN-HDMI-5M,4\n\nLOGI-BRIO-4K;1\r\nCP-8845-K9\t12\n')).toEqual([
      { line: 1, sku: 'GEN-HDMI-5M', quantity: 4 },
      { line: 3, sku: 'LOGI-BRIO-4K', quantity: 1 },
      { line: 4, sku: 'CP-8845-K9', quantity: 12 },
    ]);
  });
  it('skips a header row and a byte-order mark, and unquotes CSV cells', () => {
    expect(parseQuickOrder('\uFEFFSKU,Quantity\n"GEN-HDMI-5M","2"')).toEqual([{ line: 2, sku: 'GEN-HDMI-5M', quantity: 2 }]);
  });
  it.each([
    ['no quantity', 'GEN-HDMI-5M'],
    ['a fraction', 'GEN-HDMI-5M,1.5'],
    ['a negative quantity', 'GEN-HDMI-5M,-1'],
    ['words', 'GEN-HDMI-5M,two'],
    ['a third cell', 'GEN-HDMI-5M,2,extra'],
    ['no SKU', ',3'],
  ])('reports %s as unreadable rather than dropping it', (_label, text) => {
    expect(parseQuickOrder(`LOGI-BRIO-4K,1\n${text}`)).toEqual([
      { line: 1, sku: 'LOGI-BRIO-4K', quantity: 1 },
      { line: 2, text, unreadable: true },
    ]);
  });
  it('a header-like first line with a number is a product line', () => {
    expect(parseQuickOrder('SKU-1,3')).toEqual([{ line: 1, sku: 'SKU-1', quantity: 3 }]);
  });
});
