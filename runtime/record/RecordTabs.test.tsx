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

  it("draws a screen's own leading tabs before the child lists, an invalid one marked, a disabled one with its hint as tooltip but not in its name", () => {
    const html = renderToStaticMarkup(
      <RecordTabs
        id="2"
        record={{ values: { id: 2 }, etag: null, reload: () => undefined }}
        tabs={[{ path: '/feeds/{id}/audit_logs', label: 'audit.title', columns: [], perPage: 24 }]}
        leading={[
          { label: 'feeds.tab_definition', content: () => <p>first</p>, invalid: true },
          { label: 'feeds.tab_configuration', content: () => <p>second</p>, disabled: true, hint: 'Not for SITC' },
        ]}
      />,
    );
    // Invalid: marked for assistive technology and by an icon that is not part of its name.
    expect(html).toMatch(
      /role="tab"[^>]*aria-selected="true"[^>]*aria-invalid="true"[^>]*>Definition<span aria-hidden="true"> ⚠<\/span><\/button>/,
    );
    // Disabled: cannot be opened, its hint the tooltip (a description, not its name).
    expect(html).toMatch(/role="tab"[^>]*disabled=""[^>]*title="Not for SITC"[^>]*>Configuration<\/button>/);
    expect(html).toContain('<p>first</p>');
    expect(html.match(/role="tab"/g)).toHaveLength(3);
  });
});
