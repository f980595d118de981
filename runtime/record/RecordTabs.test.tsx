import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecordTabs } from './RecordTabs';

// Server-side rendering in node: the first render shows the definition; child lists load on opening.

describe('RecordTabs', () => {
  it('labels the definition and each child list, with the definition open first', () => {
    const html = renderToStaticMarkup(
      <RecordTabs
        id="2"
        record={{ values: { id: 2 }, etag: null, reload: () => undefined }}
        tabs={[{ path: '/organisations/{id}/audit_logs', label: 'audit.title', columns: [], perPage: 24 }]}
        definition={<p>the record</p>}
      />,
    );
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Definition<\/button>/);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Audit log<\/button>/);
    expect(html).toContain('<p>the record</p>');
  });
});
