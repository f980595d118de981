import { useId } from 'react';
import type { MessageKey } from '../generated/messages';
import { useT } from '../i18n/useT';
import { pageWindow } from './listColumns';

interface PaginationProps {
  page: number;
  totalPages: number;
  totalCount: number;
  perPage: number;
  perPageOptions: readonly number[];
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** The count message, with `{{count}}` (store lists count products). */
  countKey?: MessageKey;
}

/** Pager of a server-side list: previous / numbered pages / next, count, page-size select. */
export function Pagination({ page, totalPages, totalCount, perPage, perPageOptions, onPage, onPerPage, countKey = 'store.result_count' }: PaginationProps) {
  const t = useT();
  const perPageId = useId();
  const pages = pageWindow(page, totalPages);

  return (
    <nav className="pagination" aria-label="Pagination">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('store.previous')}
      </button>
      {pages.map((number, index) => (
        <span key={number}>
          {index > 0 && number - (pages[index - 1] ?? number) > 1 && <span aria-hidden="true">… </span>}
          <button
            type="button"
            className={number === page ? 'button button--primary' : 'button'}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => onPage(number)}
          >
            {number}
          </button>
        </span>
      ))}
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('store.next')}
      </button>
      <span className="pagination__status">
        {t('store.page', { page: totalPages === 0 ? 0 : page, pages: totalPages })} · {t(countKey, { count: totalCount })}
      </span>
      <label htmlFor={perPageId}>{t('store.per_page')}</label>
      <select id={perPageId} value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
        {perPageOptions.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </nav>
  );
}
