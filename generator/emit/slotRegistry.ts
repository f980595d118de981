import type { Model, ScreenAction } from '../model/types';
import { GENERATED_HEADER, literal } from './header';

/** Where a hand-written component fits below screen level, and the props type the runtime gives it there. */
type ComponentSlotKind = 'tab' | 'cell' | 'action' | 'selection';

/** Those, and a list's detail rows: a function (`DetailRowsSlot`) rather than a component. */
export type SlotKind = ComponentSlotKind | 'detailRows';

const PROPS: Record<ComponentSlotKind, string> = {
  tab: 'TabSlotProps',
  cell: 'CellSlotProps',
  action: 'ActionSlotProps',
  selection: 'SelectionSlotProps',
};

export interface SlotUse {
  kind: SlotKind;
  /** `file#Export` (screens/<file>.tsx, export Export). */
  ref: string;
  /** Where the spec names it, for a message about a missing file. */
  where: string;
}

/** Every component a record tab, a list or tab cell, an action or a selection names, and every detail-rows function, in spec order. */
export function slotComponents(model: Model): SlotUse[] {
  const uses: SlotUse[] = [];
  const actions = (list: ScreenAction[], where: string) =>
    list.forEach(
      (action) => action.component && uses.push({ kind: 'action', ref: action.component, where: `${where} action "${action.name}"` }),
    );
  for (const screen of model.screens) {
    if (screen.kind === 'list' || screen.kind === 'children') {
      screen.columns.forEach(
        (column) =>
          column.component && uses.push({ kind: 'cell', ref: column.component, where: `screen "${screen.name}" column "${column.field}"` }),
      );
    }
    if (screen.kind === 'list') actions(screen.actions, `screen "${screen.name}"`);
    if (screen.kind === 'list' && screen.selection)
      uses.push({ kind: 'selection', ref: screen.selection, where: `screen "${screen.name}" selection` });
    if (screen.kind === 'list' && screen.detailRows)
      uses.push({ kind: 'detailRows', ref: screen.detailRows, where: `screen "${screen.name}" detail_rows` });
    if (screen.kind !== 'record') continue;
    actions(screen.actions, `screen "${screen.name}"`);
    // A record's view gets what a tab gets: the record, its id and ETag, and reload.
    if (screen.view) uses.push({ kind: 'tab', ref: screen.view, where: `screen "${screen.name}" view` });
    screen.tabs.forEach((tab, i) => {
      const where = `screen "${screen.name}" tab ${i + 1}`;
      if (tab.component) uses.push({ kind: 'tab', ref: tab.component, where });
      tab.columns.forEach(
        (column) => column.component && uses.push({ kind: 'cell', ref: column.component, where: `${where} column "${column.field}"` }),
      );
      actions(tab.actions, where);
    });
  }
  return uses;
}

/**
 * runtime/generated/slots.tsx: the hand-written components of tabs, cells, actions and selections,
 * lazily imported and typed by the props of their slot, and the detail-rows functions, imported
 * as they are (a list calls them as it draws) and typed `DetailRowsSlot`; so a missing export, a
 * component taking other props or a function of another shape fails type-check (a missing file
 * fails `hub generate`).
 */
export function emitSlots(model: Model): string {
  const uses = slotComponents(model);
  const refsOf = (kind: SlotKind) => [...new Set(uses.filter((use) => use.kind === kind).map((use) => use.ref))].sort();
  const detailRows = refsOf('detailRows').map((ref, i) => {
    const [file = '', exportName = ''] = ref.split('#');
    return { ref, local: `detailRows${i}`, line: `import { ${exportName} as detailRows${i} } from '../../screens/${file}';` };
  });
  const registry = (kind: ComponentSlotKind) => {
    const refs = refsOf(kind);
    const entries = refs.map((ref) => {
      const [file = '', exportName = ''] = ref.split('#');
      return `  ${literal(ref)}: lazy<ComponentType<${PROPS[kind]}>>(() => import('../../screens/${file}').then((module) => ({ default: module.${exportName} }))),`;
    });
    return [`export const ${kind}Slots: Readonly<Record<string, Slot<${PROPS[kind]}>>> = {`, ...entries, '};', ''];
  };
  return [
    GENERATED_HEADER,
    `import { lazy, type ComponentType, type LazyExoticComponent } from 'react';`,
    `import type { ActionSlotProps, CellSlotProps, DetailRowsSlot, SelectionSlotProps, TabSlotProps } from '../slots/slotTypes';`,
    ...detailRows.map((entry) => entry.line),
    '',
    'type Slot<Props> = LazyExoticComponent<ComponentType<Props>>;',
    '',
    ...registry('tab'),
    ...registry('cell'),
    ...registry('action'),
    ...registry('selection'),
    'export const detailRowsSlots: Readonly<Record<string, DetailRowsSlot>> = {',
    ...detailRows.map((entry) => `  ${literal(entry.ref)}: ${entry.local},`),
    '};',
    '',
  ].join('\n');
}
