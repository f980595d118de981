import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../runtime/format/locale';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { chartData, topWithOthers, type ChartDatum, type ChartPoint } from './chartData';
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
const CURRENCIES: {
  code: Currency;
  field: 'sales_gbp' | 'sales_eur' | 'sales_usd';
  label: 'metrics.currency_gbp' | 'metrics.currency_eur' | 'metrics.currency_usd';
}[] = [
  { code: 'GBP', field: 'sales_gbp', label: 'metrics.currency_gbp' },
  { code: 'EUR', field: 'sales_eur', label: 'metrics.currency_eur' },
  { code: 'USD', field: 'sales_usd', label: 'metrics.currency_usd' },
];

/**
 * The legend, with each account manager's figure: what the chart shows, in words and numbers a
 * screen reader reads (the drawing itself is a picture of them).
 */
function Legend({ data }: { data: readonly ChartDatum[] }) {
  return (
    <ul className="metrics-chart__legend">
      {data.map((datum) => (
        <li key={datum.name}>
          <span className="metrics-chart__swatch" style={{ background: datum.fill }} aria-hidden="true" />
          <span className="metrics-chart__label">{datum.name}</span> <span className="metrics-chart__value">{datum.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** What a tooltip shows of a datum: its exact, formatted figure rather than the plotted number. */
const tooltipText = (_value: unknown, name: unknown, item: { payload?: ChartDatum }) =>
  [item.payload?.text ?? '', String(name)] as [string, string];

function CountPie({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  const t = useT();
  const data = chartData(points, (point) => new Intl.NumberFormat(intlLocale()).format(point.value.toNumber()));
  const drawn = data.filter((datum) => datum.value > 0);
  return (
    <figure className="metrics-chart">
      <figcaption>{title}</figcaption>
      {drawn.length === 0 ? (
        <p className="metrics-chart__empty">{t('metrics.chart_empty')}</p>
      ) : (
        <PieChart width={320} height={240} title={title}>
          <Pie
            data={drawn}
            dataKey="value"
            nameKey="name"
            cx="50%"
            cy="50%"
            outerRadius={80}
            isAnimationActive={false}
            label={({ payload }: { payload?: ChartDatum }) => payload?.text ?? ''}
          >
            {drawn.map((datum) => (
              <Cell key={datum.name} fill={datum.fill} />
            ))}
          </Pie>
          <Tooltip formatter={tooltipText} />
        </PieChart>
      )}
      <Legend data={data} />
    </figure>
  );
}

function ValueColumns({ title, points, currency }: { title: string; points: readonly ChartPoint[]; currency: Currency }) {
  const t = useT();
  const data = chartData(points, (point) => formatMoney(point.value.toFixed(2), currency) ?? point.value.toFixed(2));
  // Axis ticks are round figures (£1.2K): drawing only, so a float is fine there.
  const tick = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  return (
    <figure className="metrics-chart">
      <figcaption>{title}</figcaption>
      {data.every((datum) => datum.value <= 0) ? (
        <p className="metrics-chart__empty">{t('metrics.chart_empty')}</p>
      ) : (
        <BarChart
          width={Math.max(360, data.length * 88 + 100)}
          height={320}
          data={data}
          margin={{ top: 24, right: 16, bottom: 24, left: 24 }}
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            interval={0}
            angle={-25}
            textAnchor="end"
            height={80}
            label={{ value: t('metrics.name'), position: 'insideBottom', offset: -16 }}
          />
          <YAxis
            tickFormatter={(value: number) => tick.format(value)}
            width={72}
            label={{
              value: t('metrics.axis_sales_value', { currency }),
              angle: -90,
              position: 'insideLeft',
              offset: -12,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip formatter={tooltipText} />
          <Bar dataKey="value" name={t('metrics.chart_sales_value')} isAnimationActive={false}>
            {data.map((datum) => (
              <Cell key={datum.name} fill={datum.fill} />
            ))}
            <LabelList dataKey="text" position="top" className="metrics-chart__bar-label" fill="#333" />
          </Bar>
        </BarChart>
      )}
      <Legend data={data} />
    </figure>
  );
}

/**
 * The three charts of the sales metrics page (001 §2): "New on HUB" and "Number of sales" pies and
 * "Total sales value" columns in the currency chosen (pound, euro, dollar), each over the top six
 * account managers plus Others (001 §9), from the rows the table's filters selected. Drawn with
 * Recharts (labelled axes, values on the slices and columns, tooltips, keyboard access through its
 * accessibility layer); this module is loaded only on the root-only metrics page (MetricsPage's
 * lazy import), so no other screen downloads the library.
 */
export default function MetricsCharts({ rows }: { rows: readonly MetricsChartRow[] }) {
  const t = useT();
  const [currency, setCurrency] = useState<Currency>('GBP');
  const others = t('metrics.others');
  const field = CURRENCIES.find((choice) => choice.code === currency)!.field;
  const newOnHub = useMemo(
    () =>
      topWithOthers(
        rows,
        (row) => row.name,
        (row) => row.new_on_hub,
        others,
      ),
    [rows, others],
  );
  const sales = useMemo(
    () =>
      topWithOthers(
        rows,
        (row) => row.name,
        (row) => row.sales_num,
        others,
      ),
    [rows, others],
  );
  const value = useMemo(
    () =>
      topWithOthers(
        rows,
        (row) => row.name,
        (row) => row[field],
        others,
      ),
    [rows, others, field],
  );
  return (
    <section className="metrics-charts" aria-label={t('metrics.charts')}>
      <CountPie title={t('metrics.chart_new_on_hub')} points={newOnHub} />
      <CountPie title={t('metrics.chart_sales_num')} points={sales} />
      <div className="metrics-chart__with-choice">
        <ValueColumns title={t('metrics.chart_sales_value')} points={value} currency={currency} />
        <fieldset className="metrics-chart__currency">
          <legend>{t('metrics.currency')}</legend>
          {CURRENCIES.map((choice) => (
            <label key={choice.code}>
              <input
                type="radio"
                name="metrics-currency"
                value={choice.code}
                checked={currency === choice.code}
                onChange={() => setCurrency(choice.code)}
              />{' '}
              {t(choice.label)}
            </label>
          ))}
        </fieldset>
      </div>
    </section>
  );
}
