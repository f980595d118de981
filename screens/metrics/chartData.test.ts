import { describe, expect, it } from 'vitest';
import { chartData, COLOURS, topWithOthers } from './chartData';

const rows = [
  ['Alice', '10.10'],
  ['Ben', '2'],
  ['Chloe', '30'],
  ['Dev', '0'],
  ['Erin', '7'],
  ['Farah', '30'],
  ['George', '1.05'],
  ['Hana', '0.85'],
] as const;

describe('metrics chart data (001 §2, §9)', () => {
  it('keeps the top six by value, largest first with ties by name, and sums the rest exactly as Others', () => {
    const points = topWithOthers(
      rows,
      (row) => row[0],
      (row) => row[1],
      'Others',
    );
    expect(points.map((point) => point.label)).toEqual(['Chloe', 'Farah', 'Alice', 'Erin', 'Ben', 'George', 'Others']);
    // Hana 0.85 + Dev 0: exact, not 0.8500000001.
    expect(points[6]!.value.toFixed(2)).toBe('0.85');
    expect(points[6]!.others).toBe(true);
  });

  it('has no Others with six managers or fewer', () => {
    expect(
      topWithOthers(
        rows.slice(0, 6),
        (row) => row[0],
        (row) => row[1],
        'Others',
      ).map((point) => point.label),
    ).not.toContain('Others');
  });

  it('gives the chart library each point with its colour (Others grey) and its exact figure as text', () => {
    const points = topWithOthers(
      rows,
      (row) => row[0],
      (row) => row[1],
      'Others',
    );
    const data = chartData(points, (point) => `£${point.value.toFixed(2)}`);
    expect(data[0]).toEqual({ name: 'Chloe', value: 30, text: '£30.00', fill: COLOURS[0] });
    expect(data[6]).toEqual({ name: 'Others', value: 0.85, text: '£0.85', fill: COLOURS[6] });
    expect(new Set(data.slice(0, 6).map((datum) => datum.fill)).size).toBe(6);
  });
});
