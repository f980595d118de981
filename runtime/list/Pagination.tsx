import type { MessageKey } from '../generated/messages';
import { useT } from '../i18n/useT';
import { pageWindow } from './listColumns';
import { PageSizeSelect } from './PageSizeSelect';

interface PaginationProps {
  page: number;
  totalPages: number;
  totalCount: number;
  onPage: (page: number) => void;
  /** The page-size choice; a screen that shows it elsewhere (the store's toolbar) leaves these out. */
  perPage?: number;
  perPageOptions?: readonly number[];
  onPerPage?: (perPage: number) => void;
  /** The count message, with `{{count}}` (store lists count products). */
  countKey?: MessageKey;
}

/** Pager of a server-side list: previous / numbered pages / next, count, page-size select. */
export function Pagination({
  page,
  totalPages,
  totalCount,
  perPage,
  perPageOptions,
  onPage,
  onPerPage,
  countKey = 'store.result_count',
}: PaginationProps) {
  const t = useT();
  return (
    <nav className="pagination" aria-label="Pagination" data-testid="pagination">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('store.previous')}
      </button>
      {pageWindow(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === page ? 'button button--primary' : 'button'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('store.next')}
      </button>
      <span className="pagination__status" data-testid="pagination-summary">
        {t('store.page', { page: totalPages === 0 ? 0 : page, pages: totalPages })} · {t(countKey, { count: totalCount })}
      </span>
      {perPage !== undefined && perPageOptions && onPerPage && (
        <PageSizeSelect value={perPage} options={perPageOptions} onChange={onPerPage} className="pagination__size" />
      )}
    </nav>
  );
}
