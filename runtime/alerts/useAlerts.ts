import { useContext } from 'react';
import { AlertsContext, type AlertsState } from './alertsContext';

export type { AlertsState } from './alertsContext';
export type { Alert, AlertAction, AlertInput, AlertLevel } from './alertTypes';

/** Push, pop and clear the banner alerts of the layout; needs an AlertsProvider above. */
export function useAlerts(): AlertsState {
  const state = useContext(AlertsContext);
  if (!state) throw new Error('useAlerts needs an <AlertsProvider> above it');
  return state;
}
