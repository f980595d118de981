import { useT } from '../../runtime/i18n/useT';

/** The three advertisement spaces on the right of the store (000 §2.3, §2.5). */
export function AdPlaceholders() {
  const t = useT();
  return (
    <aside className="store-ads" data-testid="ad-placeholders">
      {[1, 2, 3].map((slot) => (
        <div key={slot} className="store-ads__slot" data-testid="ad-slot">
          {t('store.ad_space')}
        </div>
      ))}
    </aside>
  );
}
