/**
 * Tabs of a form screen. A uiSchema groups its fields into tabs with
 * `'ui:tabs': [{ key: 'details', labelKey: 'organisation.tab.details', fields: ['name', …] }, …]`;
 * fields no tab lists go to the first tab, so a new field is never lost.
 */
export interface FormTab {
  key: string;
  labelKey: string;
  fields: string[];
}

export const TABS_UI_KEY = 'ui:tabs';

export function readTabs(uiSchema: unknown): FormTab[] {
  if (typeof uiSchema !== 'object' || uiSchema === null) return [];
  const tabs = (uiSchema as Record<string, unknown>)[TABS_UI_KEY];
  if (!Array.isArray(tabs)) return [];
  return tabs.filter(
    (tab): tab is FormTab =>
      typeof tab === 'object' &&
      tab !== null &&
      typeof tab.key === 'string' &&
      typeof tab.labelKey === 'string' &&
      Array.isArray(tab.fields),
  );
}

/** The tab each field shows on. */
export function tabOfFields(tabs: readonly FormTab[], fieldNames: readonly string[]): Map<string, string> {
  const placement = new Map<string, string>();
  const firstTab = tabs[0]?.key;
  if (firstTab === undefined) return placement;
  for (const tab of tabs) for (const field of tab.fields) if (!placement.has(field)) placement.set(field, tab.key);
  for (const field of fieldNames) if (!placement.has(field)) placement.set(field, firstTab);
  return placement;
}

/** Whether an rjsf error tree holds any error, at any depth. */
export function hasErrors(errors: unknown): boolean {
  if (typeof errors !== 'object' || errors === null) return false;
  return Object.entries(errors).some(([key, value]) => (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value)));
}
