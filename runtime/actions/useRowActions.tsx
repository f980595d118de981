import { useCallback, useMemo, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { useCurrentUser } from '../session/useCurrentUser';
import { ActionBar } from './ActionBar';
import { mayOfferActions } from './actionRules';
import type { ActionConfig } from './actionTypes';

export interface RowActions {
  /** The actions column's heading. */
  header: string;
  cell: (row: Readonly<Record<string, unknown>>) => ReactNode;
}

/**
 * The actions column of a list or a record tab, or null when no action could be offered to the
 * user (no column then). On a tab, `recordId` and `record` are the tab's record: its id fills
 * operations under its path, its values the placeholders a row has not.
 */
export function useRowActions(
  actions: readonly ActionConfig[] | undefined,
  reload: () => void,
  recordId?: string,
  record?: Readonly<Record<string, unknown>>,
): RowActions | null {
  const t = useT();
  const { user } = useCurrentUser();
  const shown = mayOfferActions(actions, user);
  const cell = useCallback(
    (row: Readonly<Record<string, unknown>>) => (
      <ActionBar
        actions={actions ?? []}
        subject={{ values: row, ...(recordId !== undefined && { recordId }), ...(record && { record }) }}
        reload={reload}
      />
    ),
    [actions, reload, recordId, record],
  );
  // The same object while nothing changes: a list's grid redraws its cells (and so closes a row's
  // open confirmation) when its columns change.
  const header = t('list.actions');
  return useMemo(() => (shown ? { header, cell } : null), [shown, header, cell]);
}
