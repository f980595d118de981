import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import type { CellSlotProps } from '../../runtime/slots/slotTypes';

/**
 * Why a feed run failed, in the user's words: the run stores the problem code
 * (feed_connection_refused …, docs/feeds.md), shown as its catalogue message.
 */
export function RunError({ row }: CellSlotProps) {
  const t = useT();
  const code = typeof row['error'] === 'string' ? row['error'] : '';
  if (code === '') return null;
  const key = `problem.${code}`;
  return <span title={typeof row['error_detail'] === 'string' ? row['error_detail'] : undefined}>{isMessageKey(key) ? t(key) : code}</span>;
}
