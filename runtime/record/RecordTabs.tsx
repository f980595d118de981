import { useId, useState, type ReactNode } from 'react';
import { useMessage } from '../list/useMessage';
import { ChildListTab, type RecordTabConfig } from './ChildListTab';

/**
 * A record's definition and its child lists as tabs (002 §2.4, §2.6, §2.8–§2.10). A child list
 * loads only when its tab is first opened, so a record with many lists costs one call to show.
 */
export function RecordTabs({ tabs, id, definition }: { tabs: readonly RecordTabConfig[]; id: string; definition: ReactNode }) {
  const message = useMessage();
  const baseId = useId();
  const [active, setActive] = useState(0);
  const labels = ['record.definition', ...tabs.map((tab) => tab.label)];
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
        {active === 0 ? definition : <ChildListTab key={active} tab={tabs[active - 1]!} id={id} />}
      </div>
    </div>
  );
}
