import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import { formatDateTime } from '../../runtime/format/dates';
import { useCellContext } from '../../runtime/list/useCellContext';
import type { CellSlotProps } from '../../runtime/slots/slotTypes';
import './feedPage.css';

interface RunSummary {
  outcome: 'RUNNING' | 'SUCCESS' | 'FAILED';
  started_at: string;
  finished_at: string | null;
  error: string | null;
}

function runOf(value: unknown): RunSummary | null {
  if (value === null || typeof value !== 'object') return null;
  const run = value as Partial<RunSummary>;
  return typeof run.outcome === 'string' && typeof run.started_at === 'string' ? (run as RunSummary) : null;
}

/**
 * The feeds list's last run (issue 18): the outcome of the feed's latest run, scheduled or a Test,
 * and when it ended (or began, while it runs), in the user's time zone; a failure says why on hover
 * and to screen readers, in the catalogue's words (feed_connection_refused …, docs/feeds.md).
 */
export function LastRunCell({ row }: CellSlotProps) {
  const t = useT();
  const { timezone } = useCellContext();
  const run = runOf(row['last_run']);
  if (!run) return <span className="last-run last-run--none">{t('feeds.never_run')}</span>;
  const outcome = `feed_run_outcome.${run.outcome}` as const;
  const when = formatDateTime(run.finished_at ?? run.started_at, timezone);
  const reasonKey = run.error ? `problem.${run.error}` : null;
  const reason = run.outcome === 'FAILED' && reasonKey !== null ? (isMessageKey(reasonKey) ? t(reasonKey) : run.error) : null;
  return (
    <span className={`last-run last-run--${run.outcome.toLowerCase()}`} {...(reason !== null && { title: reason })}>
      {`${t(outcome)}, ${when}`}
      {reason !== null && <span className="visually-hidden">{` (${reason})`}</span>}
    </span>
  );
}
