import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { routePath } from '../routing/links';
import { DEFAULT_AUTO_CLEAR_MS, type Alert } from './alertTypes';
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
        <div key={alert.id} className={`alert alert--${alert.level}`} role={alert.level === 'danger' ? 'alert' : 'status'}>
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
          <AutoClear alert={alert} dismiss={dismiss} />
        </div>
      ))}
    </div>
  );
}

/** Clears its alert once the alert's delay has passed since it was first shown. */
function AutoClear({ alert, dismiss }: { alert: Alert; dismiss: (id: number) => void }) {
  const delay = alert.autoClearMs === undefined ? DEFAULT_AUTO_CLEAR_MS : alert.autoClearMs;
  const { id } = alert;
  useEffect(() => {
    if (delay === null || delay <= 0) return;
    const handle = setTimeout(() => dismiss(id), delay);
    return () => clearTimeout(handle);
  }, [id, delay, dismiss]);
  return null;
}
