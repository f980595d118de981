import type { MessageKey } from '../generated/messages';

/**
 * AG Grid's own texts that our lists can show (its loading overlay, the selection checkboxes'
 * accessible names), each from the catalogue, so a grid speaks the user's language too. Keys are
 * AG Grid's localeText keys.
 */
const GRID_TEXTS: Readonly<Record<string, MessageKey>> = {
  loadingOoo: 'grid.loading',
  ariaHeaderSelection: 'grid.header_selection',
  ariaRowSelectAll: 'grid.row_select_all',
  ariaRowToggleSelection: 'grid.row_toggle_selection',
  ariaRowSelect: 'grid.row_select',
  ariaRowDeselect: 'grid.row_deselect',
  ariaRowSelectionDisabled: 'grid.row_selection_disabled',
};

export function gridLocaleText(t: (key: MessageKey) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(GRID_TEXTS).map(([gridKey, messageKey]) => [gridKey, t(messageKey)]));
}
