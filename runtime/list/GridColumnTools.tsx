import { useId, useState } from 'react';
import { useT } from '../i18n/useT';

export interface ToolColumn {
  id: string;
  header: string;
  hidden: boolean;
}

/**
 * Above a list's grid: the columns the user shows (a checkbox each, in a panel opened by the
 * Columns button, in the grid's order; the last shown one cannot be hidden), each moved earlier or
 * later with its buttons (the keyboard's way to reorder; dragging a heading is the mouse's), and
 * "Reset columns", back to the screen's own order, widths and columns. Widths are changed by
 * dragging a heading's edge.
 */
export function GridColumnTools({
  columns,
  onShow,
  onMove,
  onReset,
}: {
  columns: readonly ToolColumn[];
  onShow: (id: string, shown: boolean) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onReset: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const shownCount = columns.filter((column) => !column.hidden).length;
  return (
    <div className="list-grid__tools">
      <button type="button" className="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {t('list.columns')}
      </button>
      <button type="button" className="button" onClick={onReset}>
        {t('list.reset_columns')}
      </button>
      {open && (
        <fieldset id={panelId} className="list-grid__columns">
          <legend>{t('list.columns_shown')}</legend>
          {columns.map((column, index) => (
            <div key={column.id} className="list-grid__column">
              <label>
                <input
                  type="checkbox"
                  checked={!column.hidden}
                  disabled={!column.hidden && shownCount === 1}
                  onChange={(event) => onShow(column.id, event.target.checked)}
                />
                {column.header}
              </label>
              <button
                type="button"
                className="list-grid__move"
                aria-label={t('list.column_earlier', { column: column.header })}
                disabled={index === 0}
                onClick={() => onMove(column.id, -1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="list-grid__move"
                aria-label={t('list.column_later', { column: column.header })}
                disabled={index === columns.length - 1}
                onClick={() => onMove(column.id, 1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
