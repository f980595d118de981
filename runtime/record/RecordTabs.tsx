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

/**
 * A tab drawn before the record's child lists: the definition, or a hand-written screen's own
 * panels (a feed's Definition, Delivery and Configuration, 002 §2.10).
 */
export interface LeadingTab {
  /** A message key (or the text itself). */
  label: string;
  content: ReactNode;
  /** Shown but not opened (a feed's configuration for a SITC feed); `hint` says why. */
  disabled?: boolean;
  /** Why the tab is disabled: its tooltip, and read by screen readers. */
  hint?: string;
  /** A field on it needs the user's attention: the tab is marked. */
  invalid?: boolean;
}

/** A tab's panel: its child list, or its hand-written component given the record. */
function TabPanel({ tab, id, record }: { tab: RecordTabConfig; id: string; record: LoadedRecord }) {
  if (tab.component) {
    const props = { id, record: record.values, etag: record.etag, reload: record.reload, ...(tab.success && { success: tab.success }), ...(tab.failure && { failure: tab.failure }) };
    return <Slot registry={tabSlots} component={tab.component} props={props} />;
  }
  return <ChildListTab tab={{ ...tab, path: tab.path ?? '' }} id={id} record={record.values} />;
}

interface RecordTabsProps {
  tabs: readonly RecordTabConfig[];
  id: string;
  record: LoadedRecord;
  /** The first tab, "Definition", unless `leading` gives the tabs before the child lists. */
  definition?: ReactNode;
  leading?: readonly LeadingTab[];
}

/**
 * A record's definition and its tabs (002 §2.4, §2.6, §2.8–§2.10): child lists, or hand-written
 * components such as a role's permissions editor. A child list loads only when its tab is first
 * opened, so a record with many lists costs one call to show. A disabled leading tab is never
 * opened: if it becomes disabled while open, the first tab shows.
 */
export function RecordTabs({ tabs, id, record, definition, leading }: RecordTabsProps) {
  const message = useMessage();
  const baseId = useId();
  const [chosen, setActive] = useState(0);
  const first: readonly LeadingTab[] = leading ?? [{ label: 'record.definition', content: definition }];
  const active = first[chosen]?.disabled ? 0 : chosen;
  const labels = [...first.map((tab) => tab.label), ...tabs.map((tab) => tab.label)];
  const tab = active < first.length ? undefined : tabs[active - first.length];
  return (
    <div className="tabs-container">
      <div className="tabs" role="tablist">
        {labels.map((label, index) => {
          const lead = first[index];
          return (
            <button
              key={index}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-controls={`${baseId}-panel-${index}`}
              aria-selected={index === active}
              className={lead?.invalid ? 'tabs__tab tabs__tab--invalid' : 'tabs__tab'}
              {...(lead?.disabled && { 'aria-disabled': true, title: lead.hint, 'aria-describedby': `${baseId}-hint-${index}` })}
              onClick={() => {
                if (!lead?.disabled) setActive(index);
              }}
            >
              {message(label) ?? label}
              {lead?.invalid && ' !'}
            </button>
          );
        })}
      </div>
      {/* Outside the tabs, so as not to join their names; a hidden element still describes. */}
      {first.map((lead, index) =>
        lead.disabled && lead.hint ? (
          <span key={index} id={`${baseId}-hint-${index}`} hidden>
            {lead.hint}
          </span>
        ) : null,
      )}
      <div role="tabpanel" id={`${baseId}-panel-${active}`} aria-labelledby={`${baseId}-tab-${active}`} className="tabs__panel">
        {tab ? <TabPanel key={active} tab={tab} id={id} record={record} /> : first[active]?.content}
      </div>
    </div>
  );
}
