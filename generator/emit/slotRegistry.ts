import type { Model, ScreenAction } from '../model/types';
import { GENERATED_HEADER, literal } from './header';

/** Where a hand-written component fits below screen level, and the props type the runtime gives it there. */
export type SlotKind = 'tab' | 'cell' | 'action' | 'selection';

const PROPS: Record<SlotKind, string> = {
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

/** Every component a record tab, a list or tab cell, or an action names, in spec order. */
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
 * runtime/generated/slots.tsx: the hand-written components of tabs, cells and actions, lazily
 * imported and typed by the props of their slot, so a missing export or a component taking other
 * props fails type-check (a missing file fails `hub generate`).
 */
export function emitSlots(model: Model): string {
  const uses = slotComponents(model);
  const registry = (kind: SlotKind) => {
    const refs = [...new Set(uses.filter((use) => use.kind === kind).map((use) => use.ref))].sort();
    const entries = refs.map((ref) => {
      const [file = '', exportName = ''] = ref.split('#');
      return `  ${literal(ref)}: lazy<ComponentType<${PROPS[kind]}>>(() => import('../../screens/${file}').then((module) => ({ default: module.${exportName} }))),`;
    });
    return [`export const ${kind}Slots: Readonly<Record<string, Slot<${PROPS[kind]}>>> = {`, ...entries, '};', ''];
  };
  return [
    GENERATED_HEADER,
    `import { lazy, type ComponentType, type LazyExoticComponent } from 'react';`,
    `import type { ActionSlotProps, CellSlotProps, SelectionSlotProps, TabSlotProps } from '../slots/slotTypes';`,
    '',
    'type Slot<Props> = LazyExoticComponent<ComponentType<Props>>;',
    '',
    ...registry('tab'),
    ...registry('cell'),
    ...registry('action'),
    ...registry('selection'),
  ].join('\n');
}
