import { useId, useState } from 'react';
import { useT } from '../i18n/useT';

export interface ToolColumn {
  id: string;
  header: string;
  hidden: boolean;
}

/**
 * Above a list's grid: the columns the user shows (a checkbox each, in a panel opened by the
 * Columns button; the last shown one cannot be hidden) and "Reset columns", back to the screen's
 * own order, widths and columns. Column order and widths are changed in the grid's header
 * (dragging a heading or its edge).
 */
export function GridColumnTools({ columns, onShow, onReset }: { columns: readonly ToolColumn[]; onShow: (id: string, shown: boolean) => void; onReset: () => void }) {
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
          {columns.map((column) => (
            <label key={column.id} className="list-grid__column">
              <input
                type="checkbox"
                checked={!column.hidden}
                disabled={!column.hidden && shownCount === 1}
                onChange={(event) => onShow(column.id, event.target.checked)}
              />
              {column.header}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
