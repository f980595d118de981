import { useT } from '../../runtime/i18n/useT';
import { pageWindow } from './pageWindow';

interface PaginationProps {
  page: number;
  totalPages: number;
  totalCount: number;
  onPage: (page: number) => void;
}

/** Previous / page numbers / next under the product list, with the page and product counts. */
export function Pagination({ page, totalPages, totalCount, onPage }: PaginationProps) {
  const t = useT();
  if (totalPages <= 0) return null;
  return (
    <nav className="store-pagination" aria-label={t('store.page', { page, pages: totalPages })} data-testid="pagination">
      <button type="button" className="store-pagination__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('store.previous')}
      </button>
      {pageWindow(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="store-pagination__gap">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === page ? 'store-pagination__button store-pagination__button--current' : 'store-pagination__button'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="store-pagination__button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('store.next')}
      </button>
      <span className="store-pagination__summary" data-testid="pagination-summary">
        {t('store.page', { page, pages: totalPages })} · {t('store.result_count', { count: totalCount })}
      </span>
    </nav>
  );
}
