import { useT } from '../../runtime/i18n/useT';
import { textLines } from './textLines';

/** The feature zone (000 §2.6): featured_description as one bullet per line. */
export function FeatureList({ text }: { text: string | null | undefined }) {
  const t = useT();
  const features = textLines(text);
  if (features.length === 0) return null;
  return (
    <section className="product-features" data-testid="product-features">
      <h2>{t('product.features')}</h2>
      <ul>
        {features.map((feature, index) => (
          <li key={index}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}
