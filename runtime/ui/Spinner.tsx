import { useT } from '../i18n/useT';

/** The waiting spinner with the please-wait message (000 §2.3 loading state). */
export function Spinner() {
  const t = useT();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__text">{t('loading.please_wait')}</span>
    </div>
  );
}
