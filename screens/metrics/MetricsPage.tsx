import { lazy, Suspense, useState } from 'react';
import { fetchFile, saveFile } from '../../runtime/api/download';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { useT } from '../../runtime/i18n/useT';
import { GenericListView } from '../../runtime/list/GenericListView';
import { genericListConfig } from '../../runtime/list/genericListConfig';
import { useGenericList, type GenericList } from '../../runtime/list/useGenericList';
import { Spinner } from '../../runtime/ui/Spinner';
import { PrintButton } from '../common/PrintButton';
import type { MetricsChartRow } from './MetricsCharts';

/** The charts load apart from the page: the table shows at once, the SVG code follows. */
const MetricsCharts = lazy(() => import('./MetricsCharts'));

/** The table without its own heading: the page's h1 stands above the charts. */
const TABLE = { ...genericListConfig('metrics'), title: undefined };

const SORTS = new Set([
  '+name',
  '-name',
  '+new_on_hub',
  '-new_on_hub',
  '+sales_num',
  '-sales_num',
  '+sales_usd',
  '-sales_usd',
  '+sales_eur',
  '-sales_eur',
  '+sales_gbp',
  '-sales_gbp',
]);

/** Export (001 §2, §8): POST /metrics/export with the table's filters and sort; download_csv (2.5 s) or error_file_download. */
function ExportButton({ list }: { list: GenericList }) {
  const t = useT();
  const { push } = useAlerts();
  const [busy, setBusy] = useState(false);
  const { filters, sortBy } = list.controller;
  const exportCsv = async () => {
    setBusy(true);
    try {
      const body = {
        ...(Array.isArray(filters['account_managers']) && { account_managers: (filters['account_managers'] as unknown[]).map(Number) }),
        ...(Array.isArray(filters['time_period']) && { time_period: filters['time_period'] }),
        ...(SORTS.has(sortBy) && { sort_by: sortBy }),
      };
      saveFile(await fetchFile('/metrics/export', { body, fallbackName: 'sales-metrics.csv' }));
      push({ type: 'metrics_export', level: 'success', messageKey: 'download_csv', autoClearMs: 2500 });
    } catch {
      push({ type: 'metrics_export', level: 'danger', messageKey: 'error_file_download' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void exportCsv()}>
      {t('metrics.export')}
    </button>
  );
}

/**
 * The sales metrics page (001 §2, root only): the title, Export and Print, the three charts over the
 * rows the filters select, then the generic table with its filters (spec screen `metrics`).
 */
export function MetricsPage() {
  const t = useT();
  const list = useGenericList(TABLE);
  return (
    <>
      <h1>{t('metrics.title')}</h1>
      <div className="page-toolbar">
        <ExportButton list={list} />
        <PrintButton />
      </div>
      <Suspense fallback={<Spinner />}>
        <MetricsCharts rows={list.controller.rows as unknown as MetricsChartRow[]} />
      </Suspense>
      <GenericListView list={list} />
    </>
  );
}
