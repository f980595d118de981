import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { routePath } from '../routing/links';
import { alertDelay, type Alert } from './alertTypes';
import { useAlerts } from './useAlerts';

/** The alert banners at the top of the layout (000 §2.2): message, close button, action links. */
export function AlertBanners() {
  const t = useT();
  const navigate = useNavigate();
  const { alerts, pop, dismiss } = useAlerts();
  if (alerts.length === 0) return null;

  return (
    <div className="alerts">
      {alerts.map((alert) => (
        <HeldWhileUsed key={alert.id} alert={alert} dismiss={dismiss}>
          <span className="alert__message">
            {t(alert.messageKey, alert.values)}
            {alert.detail && <> {t(alert.detail.messageKey, alert.detail.values)}</>}
          </span>
          {alert.actions?.map((action) => (
            <a
              key={action.labelKey}
              className="alert__action"
              href={routePath(action.route, action.params)}
              onClick={(event) => {
                // An action dismisses its alert and goes to its route (000 §2.2).
                event.preventDefault();
                pop(alert.type, alert.key);
                void navigate(routePath(action.route, action.params));
              }}
            >
              {t(action.labelKey)}
            </a>
          ))}
          <button type="button" className="alert__close" aria-label={t('alert.close')} onClick={() => pop(alert.type, alert.key)}>
            ×
          </button>
        </HeldWhileUsed>
      ))}
    </div>
  );
}

/**
 * One banner. Its timer stands still while the pointer is over it or focus is inside it, and
 * starts its whole delay again when they leave (WCAG 2.2.1): a user reaching for "View basket"
 * does not see the link vanish under the pointer.
 */
function HeldWhileUsed({ alert, dismiss, children }: { alert: Alert; dismiss: (id: number) => void; children: ReactNode }) {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  return (
    <div
      className={`alert alert--${alert.level}`}
      role={alert.level === 'danger' ? 'alert' : 'status'}
      onMouseEnter={() => setPointer(true)}
      onMouseLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      }}
    >
      {children}
      <AutoClear alert={alert} dismiss={dismiss} held={pointer || focus} />
    </div>
  );
}

/** Clears its alert once the alert's delay has passed since it was shown (or since it was last held). */
function AutoClear({ alert, dismiss, held }: { alert: Alert; dismiss: (id: number) => void; held: boolean }) {
  const delay = alertDelay(alert);
  const { id } = alert;
  useEffect(() => {
    if (held || delay === null || delay <= 0) return;
    const handle = setTimeout(() => dismiss(id), delay);
    return () => clearTimeout(handle);
  }, [id, delay, dismiss, held]);
  return null;
}
