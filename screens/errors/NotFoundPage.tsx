import { useT } from '../../runtime/i18n/useT';
import { useGoBack } from '../../runtime/routing/useGoBack';

/** The fallback page (000 §2.1): title, temporarily-unavailable text, error code, Back button. */
export function NotFoundPage() {
  const t = useT();
  const goBack = useGoBack();
  return (
    <section className="error-page">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <p className="error-page__code">{t('not_found.code')}</p>
      <button type="button" className="button" onClick={goBack}>
        {t('nav.back')}
      </button>
    </section>
  );
}
