/** The validated model's routes and screens (re-exported by types.ts, where the rest of the model is). */
import type { Guard, Operation } from './types';

export interface Crumb {
  label?: string;
  route?: string;
  param?: string;
  lookup?: string;
}

export interface Route {
  name: string;
  path: string;
  public: boolean;
  guard?: Guard;
  breadcrumbs: Crumb[];
  redirect?: string;
  screen?: string;
}

export interface ComponentScreen {
  kind: 'component';
  name: string;
  /** Path under screens/ without extension, and the export it names. */
  file: string;
  exportName: string;
}

export interface FormScreen {
  kind: 'form';
  name: string;
  entity: string;
  fields: string[];
  widgets: Record<string, FormWidget>;
  /** Field titles are the message keys <labels>.<field>. */
  labels: string;
  /** A generic create saving the form (POST), and the route of the record it made (`:id`). */
  create?: { operation: string; route: string };
  /** A generic update saving the form (PUT …/{id}) when a record screen edits with it. */
  update?: string;
  /**
   * Values of a new record: message keys whose {{now}} is the date and time in the user's zone,
   * and whose other {{placeholders}} are fields of the `prefillFrom` record.
   */
  prefill: Record<string, string>;
  /** The heading (a message key); generic "new" when absent. */
  title?: string;
  /** A get by the route's :id whose record gives a new record its first values (fields of the same name). */
  prefillFrom?: string;
  /** Fields the form requires although the entity allows null. */
  required: string[];
  /** Fields shown only to users the guard passes; the server enforces the same rule. */
  guards: Record<string, Guard>;
  /** Fields emptied when the named field takes another value (a new recipient's name and e-mail). */
  clears: Record<string, string[]>;
  /** The alerts after Save: success names the saved record, failure the record as typed. */
  success?: string;
  failure?: string;
}

/** An rjsf widget of a form field, with its `ui:options` (the organisation choice's `where`). */
export interface FormWidget {
  widget: string;
  options?: { where?: Record<string, string | number | boolean>; descendants?: boolean };
}

/** A bound of a number property: above `gt` (a count above zero). */
export interface Comparison {
  gt: number;
}

/** Row properties and what each must be: a value it equals, or bounds of an integer. */
export type RowCondition = Record<string, string | number | boolean | null | Comparison | (string | number | null)[]>;

/** A label that applies when the row meets `when`. */
export interface RowCase {
  when: RowCondition;
  label: string;
}

export interface ListColumnDef {
  /** The row property shown, or the name of a computed column (`cases`). */
  field: string;
  label: string;
  link?: string;
  linkParam?: string;
  format: 'text' | 'money' | 'date' | 'datetime' | 'enum' | 'boolean';
  sortable: boolean;
  /** The enum of an enum column: the runtime labels values with `<enum>.<VALUE>` messages. */
  enum?: string;
  /** A row property shown (and linked) instead when the field is null (000 §2.7: name, or id). */
  fallback?: string;
  /** A money column in this fixed currency (the metrics' USD, EUR and GBP sums), not the row's. */
  currency?: string;
  /** A computed column: the labels of the matching cases, joined, or `otherwise`. */
  cases?: RowCase[];
  otherwise?: string;
  /** A warning icon whose tooltip joins the labels of the matching warnings. */
  warnings?: RowCase[];
  /** Only users the guard passes see the column (a row action for admins). */
  guard?: Guard;
  /** A hand-written cell (`file#Export` under screens/), given the row. */
  component?: string;
  /** A record tab's checkbox over the boolean `field`: ticking and unticking call writes. */
  toggle?: CellToggle;
}

/** Where a path parameter of an action's operation comes from: the record's id, or a property of the row. */
export type ParamSource = { from: 'record' } | { from: 'row'; field: string };

/** One write an action or toggle makes: the runtime fills the path's {params} and sends `method`. */
export interface ActionCall {
  operation: string;
  method: Operation['method'];
  /** OpenAPI form (`/feeds/{id}/disable`), relative to /api/v1. */
  path: string;
  params: Record<string, ParamSource>;
  /** The operation takes a JSON body (`{}` when the action has nothing to put in it). */
  body: boolean;
}

/** A confirmation modal (000 §2.8): Yes / No, or Proceed / Cancel with an optional text input sent as `field`. */
export interface ActionConfirm {
  text: string;
  /** `required`: the operation's body requires the field, so the modal asks for a non-blank value. */
  input?: { field: string; label: string; max?: number; required?: true };
}

/**
 * An action of a list screen's rows, a record screen or a record tab's rows: it calls an operation
 * (`call`), opens a route with the row's id (`route`), or is a hand-written component. Users see it
 * when every guard passes (its own, and its operation's permission and guard) and the row or record
 * meets `when` (and, with `notSelf`, is not the caller's own user or organisation).
 */
export interface ScreenAction {
  name: string;
  label?: string;
  guards: Guard[];
  when?: RowCondition;
  notSelf?: 'user' | 'organisation';
  /** The property naming the record's organisation: not offered on the caller's own organisation's records. */
  notOwn?: string;
  /**
   * The property naming the record's organisation: on the caller's own organisation's records the
   * operation's permission must be granted over it (parent), not only over the organisations below.
   */
  grantReaches?: string;
  call?: ActionCall;
  route?: string;
  /** `file#Export` under screens/ (the generated slot registry imports it). */
  component?: string;
  confirm?: ActionConfirm;
  success?: string;
  failure?: string;
  /**
   * After success, this route (taking no parameter); otherwise the list or record reloads.
   * `reloadUser`: the action changed who is signed in (emulation), so the current user is asked again first.
   */
  then?: { route: string; reloadUser?: true; answerId?: true };
}

/**
 * A checkbox of a record tab's rows (002 §2.9): ticking calls `on` with a body built from row
 * properties (body property → row property), unticking calls `off`. Its alerts name the record.
 */
export interface CellToggle {
  on: ActionCall;
  off: ActionCall;
  body: Record<string, string>;
  guards: Guard[];
  success: string;
  failure: string;
}

/** Choices loaded from a list operation: each row's `value` property, labelled by its `label`. */
export interface FilterOptionsSource {
  path: string;
  perPage: number;
  value: string;
  label: string;
}

export interface ListFilterDef {
  params: string[];
  widget: 'text' | 'checklist' | 'select' | 'organisation' | 'date_range' | 'value_range' | 'number_range';
  label: string;
  /** Choices of checklist and select filters, from the filtered field's enum. */
  options?: (string | number)[];
  /** The enum the options come from: the runtime labels them with `<enum>.<VALUE>` messages. */
  enum?: string;
  default?: unknown;
  /** Who sees the filter (the server still scopes the rows). */
  guard?: Guard;
  /** Organisation filters: only the descendants of the user's organisation, not itself. */
  descendants?: boolean;
  /** URL query flag → the filter's starting value when the page is opened with that flag. */
  presets?: Record<string, unknown>;
  optionsFrom?: FilterOptionsSource;
  /** A choice filter: the widget's value is kept under `name`; each option sets these query parameters. */
  name?: string;
  choices?: Record<string, Record<string, string | number | boolean>>;
  /** Organisation widget: query parameters of the organisations list narrowing its choices. */
  where?: Record<string, string | number | boolean>;
  /** Organisation widget over two parameters: the label of the option that sets the second (a flag). */
  others?: string;
}

/** A link to a route, or (`href`) a full-page link to a path the server answers itself. */
export interface ScreenLink {
  label: string;
  route?: string;
  /** On record and child-list screens `{id}` stands for the record's id. */
  href?: string;
  place: 'header' | 'footer' | 'both';
  guard?: Guard;
  /** Shown only when the list holds at least this many rows. */
  minRows?: number;
}

/** A list screen drawn by the runtime from its operation: columns, filters, paging, links. */
export interface ListScreen {
  kind: 'list';
  name: string;
  operation: string;
  title?: string;
  columns: ListColumnDef[];
  filters: ListFilterDef[];
  debounceMs: number;
  pageSizes: number[];
  emptyKey?: string;
  /** Rows grouped under their organisation, in tree order. */
  tree?: string;
  /** With `tree`: the ancestors of the organisations with rows are shown too, without rows. */
  treeAncestors?: boolean;
  /** The rows form the tree themselves: each is nested under the row whose id is this property. */
  treeParent?: string;
  /** Each row is followed by the rows this function (`file#Export`, a slot) makes of it: an account manager's periods. */
  detailRows?: string;
  links: ScreenLink[];
  /** Actions of each row. */
  actions: ScreenAction[];
  /** Row checkboxes with select-all, and the component given the selected rows (`file#Export`). */
  selection?: string;
}

/**
 * A tab of a record screen: a child list of the record (an operation under the record's path), or a
 * hand-written component given the record (`component`). `when` (on the record) and `guard` decide
 * whether it shows.
 */
export interface RecordTab {
  operation?: string;
  component?: string;
  label: string;
  /** `field` may be a dotted path into a nested schema (`account_manager.account_manager_name`). */
  columns: ListColumnDef[];
  empty?: string;
  when?: RowCondition;
  guard?: Guard;
  /** Actions of each row. */
  actions: ScreenAction[];
  /** A component tab's alerts after it saves. */
  success?: string;
  failure?: string;
}

/** Several list screens on one page, one under the other, each with its own heading and filters. */
export interface PageScreen {
  kind: 'page';
  name: string;
  title?: string;
  /** List screen names. */
  sections: string[];
}

/** A read-only view of one record, drawn from its get operation's schema, with its child lists as tabs. */
/** A placeholder of a record screen's title: a property of the record, or `fallback` when it is null. */
export interface TitleValue {
  field: string;
  fallback?: string;
}

export interface RecordScreen {
  kind: 'record';
  name: string;
  operation: string;
  title?: string;
  /** Placeholder → record property filling it (000 §2.9: "Checking out <basket name>"). */
  titleValues?: Record<string, TitleValue>;
  tabs: RecordTab[];
  /** Route links take the record's id as their `:id`. */
  links: ScreenLink[];
  /** Users passing `guard` edit the definition with this form screen (it has `update`); others read it. */
  edit?: { form: string; guard: Guard };
  /** A hand-written component drawing the record instead of the definition list (`file#Export`). */
  view?: string;
  /** The view draws the tab bar, with tabs of its own before the screen's (given to it). */
  viewTabs?: boolean;
  /** Buttons under the heading (after the view, when there is one). */
  actions: ScreenAction[];
}

/** One child list of the record the route's `:id` names, on a page of its own (an order's audit log). */
export interface ChildrenScreen {
  kind: 'children';
  name: string;
  /** A get under a record's path answering an array of a schema. */
  operation: string;
  title?: string;
  columns: ListColumnDef[];
  empty?: string;
  links: ScreenLink[];
}

export type Screen = ComponentScreen | FormScreen | ListScreen | RecordScreen | PageScreen | ChildrenScreen;
