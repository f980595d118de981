import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertsContext, type AlertsState } from './alertsContext';
import { DEFAULT_AUTO_CLEAR_MS, withPopped, withPushed, type Alert, type AlertInput } from './alertTypes';

interface Timer {
  type: string;
  key: string;
  handle: ReturnType<typeof setTimeout>;
}

/** Holds the banner alerts and clears each one after its auto-clear delay (000 §9: 2000 ms). */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<readonly Alert[]>([]);
  const nextId = useRef(1);
  // One timer per alert identity (type + key): replacing an alert restarts its timer.
  const timers = useRef(new Map<string, Timer>());

  const stopTimers = useCallback((type: string, key?: string) => {
    for (const [identity, timer] of timers.current) {
      if (timer.type === type && (key === undefined || timer.key === key)) {
        clearTimeout(timer.handle);
        timers.current.delete(identity);
      }
    }
  }, []);

  const push = useCallback(
    (input: AlertInput) => {
      const alert: Alert = { ...input, id: nextId.current++ };
      const key = input.key ?? '';
      stopTimers(input.type, key);
      setAlerts((current) => withPushed(current, alert));
      const delay = input.autoClearMs === undefined ? DEFAULT_AUTO_CLEAR_MS : input.autoClearMs;
      if (delay === null || delay <= 0) return;
      const identity = `${input.type}\u0000${key}`;
      const handle = setTimeout(() => {
        timers.current.delete(identity);
        setAlerts((current) => current.filter((existing) => existing.id !== alert.id));
      }, delay);
      timers.current.set(identity, { type: input.type, key, handle });
    },
    [stopTimers],
  );

  const pop = useCallback(
    (type: string, key?: string) => {
      stopTimers(type, key);
      setAlerts((current) => withPopped(current, type, key));
    },
    [stopTimers],
  );

  const clear = useCallback(() => {
    timers.current.forEach((timer) => clearTimeout(timer.handle));
    timers.current.clear();
    setAlerts([]);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer.handle));
  }, []);

  const state = useMemo<AlertsState>(() => ({ alerts, push, pop, clear }), [alerts, push, pop, clear]);
  return <AlertsContext value={state}>{children}</AlertsContext>;
}
