import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertsContext, type AlertsState } from './alertsContext';
import { withPopped, withPushed, type Alert, type AlertInput } from './alertTypes';

/**
 * Holds the banner alerts. Each clears itself after its delay (000 §9: 2000 ms), counted from when
 * the banner is on screen (AlertBanners), not from the push: an alert pushed while the page is busy
 * (a navigation loading its screen) is still seen for its whole delay.
 */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<readonly Alert[]>([]);
  const nextId = useRef(1);

  // A new id per push: a replaced alert is a new banner, whose delay starts again.
  const push = useCallback((input: AlertInput) => {
    const alert: Alert = { ...input, id: nextId.current++ };
    setAlerts((current) => withPushed(current, alert));
  }, []);

  const pop = useCallback((type: string, key?: string) => setAlerts((current) => withPopped(current, type, key)), []);
  const dismiss = useCallback((id: number) => setAlerts((current) => current.filter((alert) => alert.id !== id)), []);
  const clear = useCallback(() => setAlerts([]), []);

  const state = useMemo<AlertsState>(() => ({ alerts, push, pop, dismiss, clear }), [alerts, push, pop, dismiss, clear]);
  return <AlertsContext value={state}>{children}</AlertsContext>;
}
