import { useMemo, useState } from 'react';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { columnHeights, pieSlices, topWithOthers, type ChartPoint } from './chartData';
import './metricsCharts.css';

/** The row properties the charts read (MetricsAccountManager of GET /metrics). */
export interface MetricsChartRow {
  name: string;
  new_on_hub: number;
  sales_num: number;
  sales_usd: string;
  sales_eur: string;
  sales_gbp: string;
}

type Currency = 'GBP' | 'EUR' | 'USD';
const CURRENCIES: { code: Currency; field: 'sales_gbp' | 'sales_eur' | 'sales_usd'; label: 'metrics.currency_gbp' | 'metrics.currency_eur' | 'metrics.currency_usd' }[] = [
  { code: 'GBP', field: 'sales_gbp', label: 'metrics.currency_gbp' },
  { code: 'EUR', field: 'sales_eur', label: 'metrics.currency_eur' },
  { code: 'USD', field: 'sales_usd', label: 'metrics.currency_usd' },
];
/** Seven distinguishable colours, the last (grey) for Others. */
const COLOURS = ['#1f6fb2', '#e07b24', '#2e9e5b', '#c23b3b', '#7d55c7', '#c9a227', '#8a8f98'];
const colourOf = (point: ChartPoint, index: number) => (point.others ? COLOURS[6]! : COLOURS[index % 6]!);

function Legend({ points, format }: { points: readonly ChartPoint[]; format: (point: ChartPoint) => string }) {
  return (
    <ul className="metrics-chart__legend">
      {points.map((point, index) => (
        <li key={point.label}>
          <span className="metrics-chart__swatch" style={{ background: colourOf(point, index) }} aria-hidden="true" />
          <span className="metrics-chart__label">{point.label}</span> <span className="metrics-chart__value">{format(point)}</span>
        </li>
      ))}
    </ul>
  );
}

function PieChart({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  const t = useT();
  const r = 70;
  const slices = pieSlices(points, r);
  const format = (point: ChartPoint) => point.value.toString();
  return (
    <figure className="metrics-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {slices.length === 0 ? (
        <p className="metrics-chart__empty">{t('metrics.chart_empty')}</p>
      ) : (
        <svg viewBox={`0 0 ${2 * r} ${2 * r}`} width={2 * r} height={2 * r} role="img" aria-label={points.map((point) => `${point.label}: ${format(point)}`).join(', ')}>
          {slices.map((slice) => (
            <path key={slice.point.label} d={slice.path} fill={colourOf(slice.point, points.indexOf(slice.point))} stroke="#fff" strokeWidth="1">
              <title>{`${slice.point.label}: ${format(slice.point)}`}</title>
            </path>
          ))}
        </svg>
      )}
      <Legend points={points} format={format} />
    </figure>
  );
}

function ColumnChart({ title, points, currency }: { title: string; points: readonly ChartPoint[]; currency: Currency }) {
  const t = useT();
  const heights = columnHeights(points);
  const width = 24;
  const gap = 10;
  const tall = 140;
  const format = (point: ChartPoint) => formatMoney(point.value.toFixed(2), currency) ?? point.value.toFixed(2);
  const total = points.reduce((sum, point) => sum + (point.value.gt(0) ? 1 : 0), 0);
  return (
    <figure className="metrics-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {total === 0 ? (
        <p className="metrics-chart__empty">{t('metrics.chart_empty')}</p>
      ) : (
        <svg viewBox={`0 0 ${points.length * (width + gap)} ${tall}`} width={points.length * (width + gap)} height={tall} role="img" aria-label={points.map((point) => `${point.label}: ${format(point)}`).join(', ')}>
          {points.map((point, index) => {
            const height = Math.max(heights[index]! * (tall - 4), point.value.gt(0) ? 1 : 0);
            return (
              <rect key={point.label} x={index * (width + gap) + gap / 2} y={tall - height} width={width} height={height} fill={colourOf(point, index)}>
                <title>{`${point.label}: ${format(point)}`}</title>
              </rect>
            );
          })}
        </svg>
      )}
      <Legend points={points} format={format} />
    </figure>
  );
}

/**
 * The three charts of the sales metrics page (001 §2): "New on HUB" and "Number of sales" pies and
 * "Total sales value" columns in the currency chosen (pound, euro, dollar), each over the top six
 * account managers plus Others (001 §9), from the rows the table's filters selected. Hand-drawn SVG:
 * a charting library would cost tens of kilobytes for three simple shapes.
 */
export default function MetricsCharts({ rows }: { rows: readonly MetricsChartRow[] }) {
  const t = useT();
  const [currency, setCurrency] = useState<Currency>('GBP');
  const others = t('metrics.others');
  const field = CURRENCIES.find((choice) => choice.code === currency)!.field;
  const newOnHub = useMemo(() => topWithOthers(rows, (row) => row.name, (row) => row.new_on_hub, others), [rows, others]);
  const sales = useMemo(() => topWithOthers(rows, (row) => row.name, (row) => row.sales_num, others), [rows, others]);
  const value = useMemo(() => topWithOthers(rows, (row) => row.name, (row) => row[field], others), [rows, others, field]);
  return (
    <section className="metrics-charts" aria-label={t('metrics.charts')}>
      <PieChart title={t('metrics.chart_new_on_hub')} points={newOnHub} />
      <PieChart title={t('metrics.chart_sales_num')} points={sales} />
      <div className="metrics-chart__with-choice">
        <ColumnChart title={t('metrics.chart_sales_value')} points={value} currency={currency} />
        <fieldset className="metrics-chart__currency">
          <legend>{t('metrics.currency')}</legend>
          {CURRENCIES.map((choice) => (
            <label key={choice.code}>
              <input type="radio" name="metrics-currency" value={choice.code} checked={currency === choice.code} onChange={() => setCurrency(choice.code)} /> {t(choice.label)}
            </label>
          ))}
        </fieldset>
      </div>
    </section>
  );
}
