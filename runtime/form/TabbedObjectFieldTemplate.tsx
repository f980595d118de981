import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useId, useState } from 'react';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { hasErrors, readTabs, tabOfFields } from './formTabs';

/**
 * The root object of a form whose uiSchema has `ui:tabs`: a tab strip and one panel per tab.
 * Hidden panels stay mounted, so edits on another tab are kept; a tab with errors is marked.
 */
export function TabbedObjectFieldTemplate({ uiSchema, properties, errorSchema }: ObjectFieldTemplateProps) {
  const t = useT();
  const baseId = useId();
  const tabs = readTabs(uiSchema);
  const [active, setActive] = useState(tabs[0]?.key);
  const placement = tabOfFields(
    tabs,
    properties.map((property) => property.name),
  );

  return (
    <div className="tabs-container">
      <div className="tabs" role="tablist">
        {tabs.map((tab) => {
          const invalid = tab.fields.some((field) => hasErrors((errorSchema as Record<string, unknown> | undefined)?.[field]));
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-controls={`${baseId}-panel-${tab.key}`}
              aria-selected={tab.key === active}
              className={invalid ? 'tabs__tab tabs__tab--invalid' : 'tabs__tab'}
              onClick={() => setActive(tab.key)}
            >
              {isMessageKey(tab.labelKey) ? t(tab.labelKey) : tab.labelKey}
              {invalid && ' !'}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          className="tabs__panel"
          hidden={tab.key !== active}
        >
          {properties
            .filter((property) => !property.hidden && placement.get(property.name) === tab.key)
            .map((property) => (
              <div key={property.name}>{property.content}</div>
            ))}
        </div>
      ))}
    </div>
  );
}
