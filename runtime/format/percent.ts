import Decimal from 'decimal.js';
import { kept } from '../../shared/format/kept';
import { intlLocale } from './locale';

const percentFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A percentage held as a decimal string of percent points ("12.50" is twelve and a half per
 * cent: a line's discount, a margin), written as the interface language writes percentages:
 * `12.5%` in English, `12,5 %` in French. Up to two decimals, none when whole. Exact: the value
 * is divided by 100 in decimal.js and Intl formats the decimal string.
 */
export function formatPercent(points: string | number | null, locale: string = intlLocale()): string | null {
  if (points === null) return null;
  const fraction = new Decimal(points).div(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const formatter = kept(percentFormatters, locale, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }));
  return formatter.format(fraction.toFixed() as `${number}`);
}
