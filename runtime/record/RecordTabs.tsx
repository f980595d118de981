import type { ReactNode } from 'react';
import { tabSlots } from '../generated/slots';
import { Slot } from '../slots/Slot';
import { ChildListTab, type RecordTabConfig } from './ChildListTab';
import { TabStrip, type StripTab } from './TabStrip';

/** The record a screen shows, as its tabs receive it: values, ETag, and a way to load it again. */
export interface LoadedRecord {
  values: Readonly<Record<string, unknown>>;
  etag: string | null;
  reload: () => void;
}

/** A tab's panel: its child list, or its hand-written component given the record. */
function TabPanel({ tab, id, record }: { tab: RecordTabConfig; id: string; record: LoadedRecord }) {
  if (tab.component) {
    const props = {
      id,
      record: record.values,
      etag: record.etag,
      reload: record.reload,
      ...(tab.success && { success: tab.success }),
      ...(tab.failure && { failure: tab.failure }),
    };
    return <Slot registry={tabSlots} component={tab.component} props={props} />;
  }
  return <ChildListTab tab={{ ...tab, path: tab.path ?? '' }} id={id} record={record.values} />;
}

/** A tab a screen draws itself, before the record's tabs (a view drawing the tab bar, spec `view_tabs`). */
export type LeadingTab = StripTab;

interface RecordTabsProps {
  tabs: readonly RecordTabConfig[];
  id: string;
  record: LoadedRecord;
  /** The first tab's panel ("Definition")… */
  definition?: ReactNode;
  /** …or several tabs of the screen's own in its place. */
  leading?: readonly LeadingTab[];
}

/**
 * A record's definition and its tabs (002 §2.4, §2.6, §2.8–§2.10): child lists, or hand-written
 * components such as a role's permissions editor. A child list loads only when its tab is first
 * opened, so a record with many lists costs one call to show.
 */
export function RecordTabs({ tabs, id, record, definition, leading }: RecordTabsProps) {
  const own = leading ?? [{ label: 'record.definition', content: () => definition }];
  return (
    <TabStrip
      tabs={[
        ...own,
        ...tabs.map((tab, index): StripTab => ({
          label: tab.label,
          content: () => <TabPanel key={index} tab={tab} id={id} record={record} />,
        })),
      ]}
    />
  );
}
