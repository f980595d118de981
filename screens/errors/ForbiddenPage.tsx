import { useT } from '../../runtime/i18n/useT';
import { useGoBack } from '../../runtime/routing/useGoBack';

/** Where a guard sends a user without the route's permission (000 §8, 002 §2.1). */
export function ForbiddenPage() {
  const t = useT();
  const goBack = useGoBack();
  return (
    <section className="error-page">
      <h1>{t('message_forbidden')}</h1>
      <button type="button" className="button" onClick={goBack}>
        {t('nav.back')}
      </button>
    </section>
  );
}
