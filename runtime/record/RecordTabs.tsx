import { useId, useState, type ReactNode } from 'react';
import { tabSlots } from '../generated/slots';
import { useMessage } from '../list/useMessage';
import { Slot } from '../slots/Slot';
import { ChildListTab, type RecordTabConfig } from './ChildListTab';

/** The record a screen shows, as its tabs receive it: values, ETag, and a way to load it again. */
export interface LoadedRecord {
  values: Readonly<Record<string, unknown>>;
  etag: string | null;
  reload: () => void;
}

/** A tab's panel: its child list, or its hand-written component given the record. */
function TabPanel({ tab, id, record }: { tab: RecordTabConfig; id: string; record: LoadedRecord }) {
  if (tab.component) {
    const props = { id, record: record.values, etag: record.etag, reload: record.reload, ...(tab.success && { success: tab.success }), ...(tab.failure && { failure: tab.failure }) };
    return <Slot registry={tabSlots} component={tab.component} props={props} />;
  }
  return <ChildListTab tab={{ ...tab, path: tab.path ?? '' }} id={id} record={record.values} />;
}

/** A tab a screen draws itself, before the record's tabs: its label (a message key) and its panel. */
export interface LeadingTab {
  label: string;
  content: ReactNode;
}

interface RecordTabsProps {
  tabs: readonly RecordTabConfig[];
  id: string;
  record: LoadedRecord;
  /** The first tab's panel ("Definition")… */
  definition?: ReactNode;
  /** …or several tabs of the screen's own in its place (a view drawing the tab bar, spec `view_tabs`). */
  leading?: readonly LeadingTab[];
}

/**
 * A record's definition and its tabs (002 §2.4, §2.6, §2.8–§2.10): child lists, or hand-written
 * components such as a role's permissions editor. A child list loads only when its tab is first
 * opened, so a record with many lists costs one call to show.
 */
export function RecordTabs({ tabs, id, record, definition, leading }: RecordTabsProps) {
  const message = useMessage();
  const baseId = useId();
  const [active, setActive] = useState(0);
  const own = leading ?? [{ label: 'record.definition', content: definition }];
  const labels = [...own.map((tab) => tab.label), ...tabs.map((tab) => tab.label)];
  const tab = active < own.length ? undefined : tabs[active - own.length];
  return (
    <div className="tabs-container">
      <div className="tabs" role="tablist">
        {labels.map((label, index) => (
          <button
            key={index}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-controls={`${baseId}-panel-${index}`}
            aria-selected={index === active}
            className="tabs__tab"
            onClick={() => setActive(index)}
          >
            {message(label) ?? label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${active}`} aria-labelledby={`${baseId}-tab-${active}`} className="tabs__panel">
        {tab ? <TabPanel key={active} tab={tab} id={id} record={record} /> : own[active]?.content}
      </div>
    </div>
  );
}
