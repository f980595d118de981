import Decimal from 'decimal.js';

/** One slice or column: a label and its exact value (a count, or money as a decimal string). */
export interface ChartPoint {
  label: string;
  value: Decimal;
  /** The Others slice: every account manager past the top six. */
  others?: boolean;
}

/** 001 §9: the charts show the top six account managers. */
export const TOP = 6;

/**
 * The top `TOP` account managers by a value, largest first (ties by name), and one Others point
 * summing the rest when there is any rest (001 §2 "an optional Others slice"). Sums are exact.
 */
export function topWithOthers<Row>(
  rows: readonly Row[],
  label: (row: Row) => string,
  value: (row: Row) => string | number,
  othersLabel: string,
): ChartPoint[] {
  const points = rows
    .map((row) => ({ label: label(row), value: new Decimal(value(row)) }))
    .sort((a, b) => b.value.comparedTo(a.value) || a.label.localeCompare(b.label));
  const top = points.slice(0, TOP);
  const rest = points.slice(TOP);
  if (rest.length === 0) return top;
  return [...top, { label: othersLabel, value: rest.reduce((sum, point) => sum.plus(point.value), new Decimal(0)), others: true }];
}

/** Seven distinguishable colours, the last (grey) for Others. */
export const COLOURS = ['#1f6fb2', '#e07b24', '#2e9e5b', '#c23b3b', '#7d55c7', '#c9a227', '#8a8f98'] as const;

/** A point as the chart library draws it: a plotted number, and the exact figure as text. */
export interface ChartDatum {
  name: string;
  /** Drawing only (slice angles, column heights): a float is fine here, never for the figure shown. */
  value: number;
  /** The exact figure as shown in labels, tooltips and the legend. */
  text: string;
  fill: string;
}

/** The points as chart data, each with its colour (Others grey) and its figure formatted from the exact value. */
export function chartData(points: readonly ChartPoint[], format: (point: ChartPoint) => string): ChartDatum[] {
  return points.map((point, index) => ({
    name: point.label,
    value: point.value.toNumber(),
    text: format(point),
    fill: point.others ? COLOURS[6] : COLOURS[index % 6]!,
  }));
}
