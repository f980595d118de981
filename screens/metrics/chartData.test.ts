import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { columnHeights, pieSlices, topWithOthers } from './chartData';

const rows = [
  ['Alice', '10.10'], ['Ben', '2'], ['Chloe', '30'], ['Dev', '0'], ['Erin', '7'], ['Farah', '30'], ['George', '1.05'], ['Hana', '0.85'],
] as const;

describe('metrics chart data (001 §2, §9)', () => {
  it('keeps the top six by value, largest first with ties by name, and sums the rest exactly as Others', () => {
    const points = topWithOthers(rows, (row) => row[0], (row) => row[1], 'Others');
    expect(points.map((point) => point.label)).toEqual(['Chloe', 'Farah', 'Alice', 'Erin', 'Ben', 'George', 'Others']);
    // Hana 0.85 + Dev 0: exact, not 0.8500000001.
    expect(points[6]!.value.toFixed(2)).toBe('0.85');
    expect(points[6]!.others).toBe(true);
  });

  it('has no Others with six managers or fewer', () => {
    expect(topWithOthers(rows.slice(0, 6), (row) => row[0], (row) => row[1], 'Others').map((point) => point.label)).not.toContain('Others');
  });

  it('draws slices for the non-zero points, sharing the whole; a lone one as a full circle; none for all zero', () => {
    const points = [{ label: 'a', value: new Decimal(1) }, { label: 'b', value: new Decimal(3) }, { label: 'c', value: new Decimal(0) }];
    const slices = pieSlices(points, 50);
    expect(slices.map((slice) => slice.share.toString())).toEqual(['0.25', '0.75']);
    expect(slices[1]!.path).toContain(' 1 1 ');
    expect(pieSlices([{ label: 'a', value: new Decimal(5) }], 50)[0]!.path).toMatch(/^M 50 0 A/);
    expect(pieSlices([{ label: 'a', value: new Decimal(0) }], 50)).toEqual([]);
  });

  it('scales columns to the tallest', () => {
    expect(columnHeights([{ label: 'a', value: new Decimal(5) }, { label: 'b', value: new Decimal(10) }])).toEqual([0.5, 1]);
    expect(columnHeights([{ label: 'a', value: new Decimal(0) }])).toEqual([0]);
  });
});
