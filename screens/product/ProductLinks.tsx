import { useT } from '../../runtime/i18n/useT';
import type { CatalogueProduct } from './productTypes';

/** Links to the datasheet, guide and quick start, each only when the product has one (000 §2.6). */
export function ProductLinks({ product }: { product: CatalogueProduct }) {
  const t = useT();
  const links = [
    { url: product.datasheet_url, label: t('product.datasheet'), testId: 'datasheet-link' },
    { url: product.guide_url, label: t('product.guide'), testId: 'guide-link' },
    { url: product.quickstart_url, label: t('product.quickstart'), testId: 'quickstart-link' },
  ].filter((link) => Boolean(link.url));
  if (links.length === 0) return null;
  return (
    <ul className="product-links">
      {links.map((link) => (
        <li key={link.testId}>
          <a href={link.url ?? undefined} target="_blank" rel="noopener noreferrer" data-testid={link.testId}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
