import { useT } from '../../runtime/i18n/useT';
import { Checkbox, Select } from './FeedFields';
import {
  addColumn,
  DELIMITERS,
  ESCAPE_METHODS,
  FEED_COLUMNS,
  moveColumn,
  removeColumn,
  type FeedColumn,
  type FeedDraft,
} from './feedDraft';
import type { FeedEditor } from './useFeedEditor';

/**
 * 002 §3 columns: the file's columns in order, SKU always first and not removable, then those
 * chosen, each movable up or down and removable by buttons a keyboard and a screen reader reach
 * (each says which column it moves); then the columns still to add.
 */
function ColumnChooser({ columns, onChange }: { columns: readonly FeedColumn[]; onChange: (columns: FeedColumn[]) => void }) {
  const t = useT();
  const label = (column: FeedColumn) => t(`feed_column.${column}`);
  const available = FEED_COLUMNS.filter((column) => !columns.includes(column));
  return (
    <div className="feed-columns">
      <h3 id="feed-columns-chosen">{t('feeds.columns_chosen')}</h3>
      <ol className="feed-columns__chosen" aria-labelledby="feed-columns-chosen">
        <li className="feed-columns__item feed-columns__item--fixed">{t('feeds.column_sku')}</li>
        {columns.map((column, index) => (
          <li key={column} className="feed-columns__item">
            <span className="feed-columns__name">{label(column)}</span>
            <button
              type="button"
              className="button"
              disabled={index === 0}
              aria-label={t('feeds.column_up', { column: label(column) })}
              onClick={() => onChange(moveColumn(columns, index, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="button"
              disabled={index === columns.length - 1}
              aria-label={t('feeds.column_down', { column: label(column) })}
              onClick={() => onChange(moveColumn(columns, index, 1))}
            >
              ↓
            </button>
            <button
              type="button"
              className="button"
              aria-label={t('feeds.column_remove', { column: label(column) })}
              onClick={() => onChange(removeColumn(columns, column))}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      {available.length > 0 && (
        <>
          <h3 id="feed-columns-available">{t('feeds.columns_available')}</h3>
          <ul className="feed-columns__available" aria-labelledby="feed-columns-available">
            {available.map((column) => (
              <li key={column}>
                <button
                  type="button"
                  className="button"
                  aria-label={t('feeds.column_add', { column: label(column) })}
                  onClick={() => onChange(addColumn(columns, column))}
                >
                  + {label(column)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The Configuration tab (002 §2.10, §3): columns, headers, empty stock, delimiter and escape method (docs/feeds.md). */
export function FeedConfigurationTab({ editor, draft }: { editor: FeedEditor; draft: FeedDraft }) {
  const t = useT();
  return (
    <div className="feed-tab">
      <ColumnChooser columns={draft.columns} onChange={(columns) => editor.change('columns', columns)} />
      <Checkbox label={t('feeds.show_headers')} checked={draft.show_headers} onChange={(value) => editor.change('show_headers', value)} />
      <Checkbox
        label={t('feeds.show_empty_stock')}
        checked={draft.show_empty_stock}
        onChange={(value) => editor.change('show_empty_stock', value)}
      />
      <Select
        label={t('feeds.delimiter')}
        value={draft.delimiter}
        choices={DELIMITERS.map((delimiter) => ({ value: delimiter, label: t(`csv_delimiter.${delimiter}`) }))}
        onChange={(value) => value !== null && editor.change('delimiter', value)}
      />
      <Select
        label={t('feeds.escape_method')}
        value={draft.escape_method}
        choices={ESCAPE_METHODS.map((method) => ({ value: method, label: t(`csv_escape_method.${method}`) }))}
        onChange={(value) => value !== null && editor.change('escape_method', value)}
      />
    </div>
  );
}
