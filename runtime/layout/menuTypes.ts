import type { MessageKey } from '../generated/messages';
import type { Guard } from '../session/guard';

/**
 * An entry of the header menu as the generator emits it (runtime/generated/menu.ts): a route of the
 * registry by name, or a page the server answers itself (`href`, a full-page link), with its label
 * and a guard narrowing who sees it beyond the route's own.
 */
export interface MenuEntryDef {
  readonly kind: 'entry';
  readonly label: MessageKey;
  readonly route?: string;
  readonly href?: string;
  readonly guard?: Guard;
}

/** Entries behind a disclosure button (the back office). */
export interface MenuGroupDef {
  readonly kind: 'group';
  readonly name: string;
  readonly label: MessageKey;
  readonly entries: readonly MenuEntryDef[];
}

export type MenuItemDef = MenuEntryDef | MenuGroupDef;
