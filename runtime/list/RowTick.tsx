import type { CustomCellRendererProps } from 'ag-grid-react';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/useT';

/** What the selection column's cells are given beside AG Grid's own props: the row's name. */
export interface RowTickParams<Row> {
  name: (row: Row) => string;
}

/**
 * A row's checkbox in the selection column, named after the row ("Select HUB-10001"): AG Grid's
 * own checkbox is named "Press Space to toggle row selection" on every row, so a screen reader
 * could not tell which row a ticked box is. It looks like the grid's (its theme's wrapper
 * classes) and ticks the row through the grid, so select-all, Space on the cell (the grid's own
 * key handling) and the list's tools see one selection. Out of the tab order like the grid's
 * checkbox: keyboard users reach the cell with the arrows and tick it with Space.
 */
export function RowTick<Row>({ node, data, name }: CustomCellRendererProps<Row> & RowTickParams<Row>) {
  const t = useT();
  const [ticked, setTicked] = useState(() => node.isSelected() === true);
  useEffect(() => {
    const follow = () => setTicked(node.isSelected() === true);
    follow();
    node.addEventListener('rowSelected', follow);
    return () => node.removeEventListener('rowSelected', follow);
  }, [node]);
  if (!data) return null;
  return (
    <div className={`list-grid__tick ag-wrapper ag-input-wrapper ag-checkbox-input-wrapper${ticked ? ' ag-checked' : ''}`}>
      <input
        type="checkbox"
        className="ag-input-field-input ag-checkbox-input"
        tabIndex={-1}
        aria-label={t('list.select_row', { name: name(data) })}
        checked={ticked}
        onChange={(event) => node.setSelected(event.target.checked, false, 'checkboxSelected')}
      />
    </div>
  );
}
