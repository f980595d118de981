import { createContext } from 'react';
import type { Alert, AlertInput } from './alertTypes';

export interface AlertsState {
  alerts: readonly Alert[];
  /** Shows an alert; one of the same type and key is replaced. */
  push: (alert: AlertInput) => void;
  /** Removes the alert of that type and key, or every alert of the type when no key is given. */
  pop: (type: string, key?: string) => void;
  /** Removes one banner by its id (its delay ran out). */
  dismiss: (id: number) => void;
  clear: () => void;
}

export const AlertsContext = createContext<AlertsState | null>(null);
