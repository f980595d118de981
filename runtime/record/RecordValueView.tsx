import type { RecordValue } from './recordFields';
import { ReferenceLink } from './ReferenceLink';

/** Draws a described record value: text, a nested definition list, a table or a list. */
export function RecordValueView({ value }: { value: RecordValue }) {
  switch (value.kind) {
    case 'text':
      return value.link ? <ReferenceLink route={value.link.route} id={value.link.id} text={value.text} /> : <>{value.text}</>;
    case 'object':
      return (
        <dl className="record-view__fields">
          {value.entries.map((entry) => (
            <div key={entry.name} className="record-view__field" data-field={entry.name}>
              <dt>{entry.label}</dt>
              <dd>
                <RecordValueView value={entry.value} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'table':
      return value.rows.length === 0 ? (
        <>—</>
      ) : (
        <table className="record-view__table">
          <thead>
            <tr>
              {value.columns.map((column) => (
                <th key={column.name}>{column.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {value.rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={value.columns[column]?.name ?? column}>
                    <RecordValueView value={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'list':
      return value.items.length === 0 ? (
        <>—</>
      ) : (
        <ul className="record-view__list">
          {value.items.map((item, index) => (
            <li key={index}>
              <RecordValueView value={item} />
            </li>
          ))}
        </ul>
      );
  }
}
