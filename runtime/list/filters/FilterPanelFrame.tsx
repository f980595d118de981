import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';

interface FilterPanelFrameProps {
  /** The widgets, drawn by the list's view: the spec's filters, or a screen's own (the store's). */
  children: ReactNode;
  onClear: () => void;
  className?: string;
  testId?: string;
}

/** The frame of a list's filter panel: heading, the widgets, and a link that clears them all at once. */
export function FilterPanelFrame({ children, onClear, className = 'generic-list__filters', testId }: FilterPanelFrameProps) {
  const t = useT();
  return (
    <aside className={className} aria-label={t('filters.heading')} data-testid={testId}>
      <h2>{t('filters.heading')}</h2>
      {children}
      <a
        href="#"
        className="generic-list__clear"
        data-testid={testId && 'clear-filters'}
        onClick={(event) => {
          event.preventDefault();
          onClear();
        }}
      >
        {t('filters.clear')}
      </a>
    </aside>
  );
}
