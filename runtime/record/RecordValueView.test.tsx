import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecordValueView } from './RecordValueView';

// Server-side rendering in node: the markup of described values (describeValue is tested apart).

describe('RecordValueView', () => {
  it('draws an object as a definition list with nested tables and lists', () => {
    const html = renderToStaticMarkup(
      <RecordValueView
        value={{
          kind: 'object',
          entries: [
            { name: 'name', label: 'Name', value: { kind: 'text', text: 'HUB-1' } },
            {
              name: 'lines',
              label: 'Lines',
              value: { kind: 'table', columns: [{ name: 'sku', label: 'Sku' }], rows: [[{ kind: 'text', text: 'CAM-1' }]] },
            },
            { name: 'tags', label: 'Tags', value: { kind: 'list', items: [{ kind: 'text', text: 'a' }] } },
            { name: 'none', label: 'None', value: { kind: 'table', columns: [], rows: [] } },
          ],
        }}
      />,
    );
    expect(html).toContain('<div class="record-view__field" data-field="name"><dt>Name</dt><dd>HUB-1</dd></div>');
    expect(html).toContain('<thead><tr><th>Sku</th></tr></thead><tbody><tr><td>CAM-1</td></tr></tbody>');
    expect(html).toContain('<ul class="record-view__list"><li>a</li></ul>');
    expect(html).toContain('<dt>None</dt><dd>—</dd>');
  });
});
