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
export function topWithOthers<Row>(rows: readonly Row[], label: (row: Row) => string, value: (row: Row) => string | number, othersLabel: string): ChartPoint[] {
  const points = rows
    .map((row) => ({ label: label(row), value: new Decimal(value(row)) }))
    .sort((a, b) => b.value.comparedTo(a.value) || a.label.localeCompare(b.label));
  const top = points.slice(0, TOP);
  const rest = points.slice(TOP);
  if (rest.length === 0) return top;
  return [...top, { label: othersLabel, value: rest.reduce((sum, point) => sum.plus(point.value), new Decimal(0)), others: true }];
}

/** A pie's slices as SVG paths on a circle of radius r at (r, r); a lone non-zero slice is a full circle. */
export function pieSlices(points: readonly ChartPoint[], r: number): { point: ChartPoint; path: string; share: Decimal }[] {
  const total = points.reduce((sum, point) => sum.plus(point.value), new Decimal(0));
  if (total.lte(0)) return [];
  const shown = points.filter((point) => point.value.gt(0));
  let start = new Decimal(0);
  return shown.map((point) => {
    const share = point.value.dividedBy(total);
    const end = start.plus(share);
    const path =
      shown.length === 1
        ? `M ${r} 0 A ${r} ${r} 0 1 1 ${r - 0.01} 0 Z`
        : arcPath(r, start.toNumber(), end.toNumber());
    start = end;
    return { point, path, share };
  });
}

/** The wedge from fraction `from` to `to` of the turn, clockwise from twelve o'clock (drawing only: floats are fine). */
function arcPath(r: number, from: number, to: number): string {
  const at = (fraction: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2;
    return `${(r + r * Math.cos(angle)).toFixed(2)} ${(r + r * Math.sin(angle)).toFixed(2)}`;
  };
  const large = to - from > 0.5 ? 1 : 0;
  return `M ${r} ${r} L ${at(from)} A ${r} ${r} 0 ${large} 1 ${at(to)} Z`;
}

/** Column heights as fractions of the tallest (0 when every value is 0). */
export function columnHeights(points: readonly ChartPoint[]): number[] {
  const max = points.reduce((largest, point) => Decimal.max(largest, point.value), new Decimal(0));
  return points.map((point) => (max.lte(0) ? 0 : point.value.dividedBy(max).toNumber()));
}
