import type { RowCondition } from '../list/genericListConfig';
import type { Guard } from '../session/guard';

/** Where a path parameter of an action's operation comes from: the record's id, or a (dotted) property of the row. */
export type ParamSource = { readonly from: 'record' } | { readonly from: 'row'; readonly field: string };

/** One write of an action or toggle, as generated (runtime/generated/screens.ts). */
export interface ActionCall {
  readonly operation: string;
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form (`/feeds/{id}/disable`), relative to /api/v1. */
  readonly path: string;
  readonly params: Readonly<Record<string, ParamSource>>;
  /** The operation takes a JSON body. */
  readonly body: boolean;
}

/**
 * A confirmation modal (000 §2.8): Yes / No, or Proceed / Cancel with a text input sent as `field`:
 * optional, or `required` when the operation's body requires it (Proceed waits for a non-blank value).
 */
export interface ActionConfirm {
  readonly text: string;
  readonly input?: { readonly field: string; readonly label: string; readonly max?: number; readonly required?: true };
}

/**
 * An action of a list row, a record or a record tab's row (spec `actions`): it calls an operation,
 * opens a route with the row's id, or is a hand-written component (`file#Export`).
 */
export interface ActionConfig {
  readonly name: string;
  readonly label?: string;
  /** Every one must pass: the action's own guard, its operation's permission and guard. */
  readonly guards: readonly Guard[];
  readonly when?: RowCondition;
  /** Hidden on the caller's own user or organisation. */
  readonly notSelf?: 'user' | 'organisation';
  /** The property naming the record's organisation: hidden on the caller's own organisation's records. */
  readonly notOwn?: string;
  /**
   * The property naming the record's organisation: on the caller's own organisation's records every
   * permission of the guards must be granted over it (000 §6 parent), as the server's tree scope asks.
   */
  readonly grantReaches?: string;
  readonly call?: ActionCall;
  readonly route?: string;
  readonly component?: string;
  readonly confirm?: ActionConfirm;
  readonly success?: string;
  readonly failure?: string;
  /** After success, this route (asking who is signed in first with `reloadUser`); otherwise the list or record reloads. */
  readonly then?: { readonly route: string; readonly reloadUser?: true; readonly answerId?: true };
}

/** A record tab's checkbox (spec `toggle`): ticking calls `on`, unticking `off`. */
export interface ToggleConfig {
  readonly on: ActionCall;
  readonly off: ActionCall;
  /** `on`'s body: body property → row property. */
  readonly body: Readonly<Record<string, string>>;
  readonly guards: readonly Guard[];
  readonly success: string;
  readonly failure: string;
}

/** What an action acts on: a row (or record) and, for rows of a record's tab and record screens, the record's id. */
export interface ActionSubject {
  readonly values: Readonly<Record<string, unknown>>;
  readonly recordId?: string;
  /** A tab row's record: its values fill the placeholders the row has not (the group a product is removed from). */
  readonly record?: Readonly<Record<string, unknown>>;
}
