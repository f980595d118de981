import { useMemo } from 'react';
import { DEFAULT_TIMEZONE } from '../format/dates';
import { useCurrentUser } from '../session/useCurrentUser';
import type { CellContext } from './cellFormat';
import { useMessage } from './useMessage';

/** The store's currency for visitors who are not signed in (000 §2). */
const DEFAULT_CURRENCY = 'GBP';

/** The formatting context of list and record cells: the user's currency and time zone, the catalogue. */
export function useCellContext(): CellContext {
  const { user } = useCurrentUser();
  const message = useMessage();
  const currency = user?.currency ?? DEFAULT_CURRENCY;
  const timezone = user?.timezone ?? DEFAULT_TIMEZONE;
  return useMemo(() => ({ currency, timezone, message }), [currency, timezone, message]);
}
