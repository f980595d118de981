import { useId, useState, type ReactNode } from 'react';
import { useMessage } from '../list/useMessage';

/** One tab: its label (a message key), its panel, and how its button shows. */
export interface StripTab {
  label: string;
  /** Drawn only while the tab is open, so a tab that loads does so when first opened. */
  content: () => ReactNode;
  /** Its fields need attention (002 §4 "save only when every tab is valid"): marked, with `hint` as its tooltip. */
  invalid?: boolean;
  /** It cannot be opened yet (002 §2.4 roles tab "disabled without a parent"); `hint` says why. */
  disabled?: boolean;
  hint?: string;
}

/**
 * A row of tabs and the open tab's panel (WAI-ARIA tabs: tablist, tab, tabpanel). A tab that is
 * invalid is marked so the user finds what blocks a save; a disabled one cannot be opened.
 */
export function TabStrip({ tabs }: { tabs: readonly StripTab[] }) {
  const message = useMessage();
  const baseId = useId();
  const [chosen, setChosen] = useState(0);
  // A tab that became disabled (the parent cleared) falls back to the first.
  const active = tabs[chosen] && !tabs[chosen].disabled ? chosen : 0;
  return (
    <div className="tabs-container">
      <div className="tabs" role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={index}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-controls={`${baseId}-panel-${index}`}
            aria-selected={index === active}
            aria-invalid={tab.invalid ? true : undefined}
            disabled={tab.disabled}
            title={tab.hint}
            className={`tabs__tab${tab.invalid ? ' tabs__tab--invalid' : ''}`}
            onClick={() => setChosen(index)}
          >
            {message(tab.label) ?? tab.label}
            {tab.invalid && <span aria-hidden="true"> ⚠</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${active}`} aria-labelledby={`${baseId}-tab-${active}`} className="tabs__panel">
        {tabs[active]?.content()}
      </div>
    </div>
  );
}
