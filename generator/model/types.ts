import type { Guard } from '../../shared/guard/guard';

/** The validated, normalised model of spec/. Every emitter is a pure function of it. */

export type ScalarType =
  | 'id'
  | 'string'
  | 'text'
  | 'email'
  | 'url'
  | 'phone'
  | 'integer'
  | 'boolean'
  | 'money'
  | 'decimal'
  | 'enum'
  | 'enum_list'
  | 'timestamp'
  | 'ref'
  /** A calendar day (YYYY-MM-DD): only in query parameters. */
  | 'date'
  /** Bytes (an uploaded file): only in private entities, never in an API schema. */
  | 'binary';

export interface Scalar {
  type: ScalarType;
  max?: number;
  min?: number;
  /** Decimal places of money (4) and decimal fields. */
  scale?: number;
  /** Name of the enumeration for enum and enum_list. */
  enumName?: string;
  /** Target entity of a ref. */
  to?: string;
}

export type TypeRef = { kind: 'scalar'; scalar: Scalar } | { kind: 'schema'; name: string } | { kind: 'array'; items: TypeRef };

export interface Field extends Scalar {
  name: string;
  column: string;
  required: boolean;
  nullable: boolean;
  default?: unknown;
  index: boolean;
  unique: boolean;
  primary: boolean;
  private: boolean;
  description?: string;
  /** The field's earlier name: the migration renames the column and keeps its data. */
  renamedFrom?: string;
}

export interface Entity {
  name: string;
  table: string;
  description?: string;
  private: boolean;
  fields: Field[];
  /** Column lists; an index column may be `lower(<column>)`. */
  indexes: string[][];
  unique: string[][];
  /** Tables this entity's table replaced (renamed_from), for the migration. */
  renamedFrom?: string;
  /** Columns whose removal the spec says is intended (their data is dropped). */
  dropIntended: string[];
  /** Changes are written to the audit log (entity_type = the entity's name). */
  audit: boolean;
  /** Message namespaces of its field labels (spec `labels`), searched in order, then `fields`. */
  labels?: string[];
  /** A record outside the caller's scope answers 403 rather than 404 (spec `outside_scope: forbidden`). */
  outsideForbidden: boolean;
  /** The data version (a data_versions row by name) every write of this entity bumps: what caches of it are keyed by. */
  dataVersion?: string;
  /** Columns searched by substring through a trigram index (spec `search`; generator/emit/migration.ts). */
  search?: string[];
}

export interface EnumDef {
  name: string;
  values: (string | number)[];
}

export interface Property {
  name: string;
  type: TypeRef;
  /**
   * For a schema-typed property of an entity schema: the ref field whose record it shows. For an
   * array of an entity schema: the ref field of the items' entity that points back at this record
   * (its child rows, e.g. an audit entry's field changes).
   */
  via?: string;
  /** An integer of an entity schema counting the child rows (`entity`) whose ref `via` points at the record. */
  count?: { entity: string; via: string };
  /** A schema property of an entity schema showing the newest child row: of its schema's entity, by `by`, whose ref `via` points at the record. */
  latest?: { via: string; by: string };
  /** A boolean of an entity schema: whether the record's field (a private one too) holds a value. */
  hasValue?: string;
  required: boolean;
  nullable: boolean;
  default?: unknown;
  description?: string;
  /** An array's most items (spec `max_items`): a longer one is refused as invalid. */
  maxItems?: number;
}

export interface ApiSchema {
  name: string;
  /** The entity whose fields the schema copies (`from`), if any. */
  entity?: string;
  properties: Property[];
  /** An input schema that also accepts the record as `record` answers it (spec `round_trip`). */
  roundTrip?: RoundTrip;
}

/**
 * How an input schema takes back the record its GET answered (records round-trip): the record's
 * properties the input lacks travel as readOnly. `ignored` are the server's own (id, totals, dates,
 * computed and joined values) and are dropped; `fixed` are fields some other request may set but
 * this one may not: they must equal the record's value (403 forbidden_field) and are then dropped.
 * `refObjects` are input refs the record shows as an object ({ id, name }): the object stands for
 * its id. `nullKeeps` are input properties the record may show as null where the input takes no
 * null: a null there keeps the stored value.
 */
export interface RoundTrip {
  record: string;
  ignored: Property[];
  fixed: Property[];
  refObjects: Record<string, string>;
  nullKeeps: string[];
}

export interface Operation {
  id: string;
  /** One line saying what it does (the API reference and OpenAPI `summary`). */
  summary?: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: /products/{id}. */
  path: string;
  auth: 'public' | 'session';
  permission?: string;
  /** A module the caller's organisation must subscribe to (000 §6 module check). */
  module?: 'WEBSTORE' | 'DOVETAIL';
  /** Checked by the API router after `permission` (002 §6 rules such as "root, or …"). */
  guard?: Guard;
  paged?: { perPageMax: number; perPageDefault: number };
  pathParams: Property[];
  query: Property[];
  body?: string;
  /** 'none' also for a file answer (`file`): no JSON body. */
  response: TypeRef | 'none';
  /** A file answer of one of these content types, named by a Content-Disposition filename. */
  file?: string[];
  /**
   * Image files that may come with the body as multipart/form-data (the body then is the
   * `jsonBody` part), by part name, each at most `maxBytes` (server/http/uploads.ts).
   */
  files?: UploadPart[];
  status: number;
  handler?: { module: string; exportName: string };
  generic?: GenericOperation;
  /** Problem codes the operation answers, by HTTP status (the OpenAPI responses). */
  problems?: Record<string, string[]>;
  /** A gate its handler applies to some calls only (403 forbidden): which calls, and what they need. */
  gateWhen?: GateWhen;
  /** Whose record its {id} names and who may reach it (model/access.ts): declared with `access:`, or derived. */
  access?: AccessRule;
}

/** A file part an operation accepts (spec `files`). */
export interface UploadPart {
  name: string;
  maxBytes: number;
  description?: string;
}

/** A conditional gate: calls described by `when` need `guard` (spec `gate_when`). */
export interface GateWhen {
  when: string;
  guard: Guard;
}

type PlainValue = string | number | boolean;

/**
 * The record an operation's {id} names and who may reach it: a record of `entity` within `scope`
 * (none: not an organisation's record), or any record matching `shared`, of those matching
 * `where`; or, with `of`, a record one of those get operations answers (their conditions too).
 */
export interface AccessRule {
  entity: string;
  scope?: GenericScope;
  shared?: Record<string, PlainValue>;
  where?: Record<string, PlainValue[]>;
  of?: string[];
}

/** How a generic list filters: a query parameter matched against fields of the entity. */
export interface GenericFilter {
  param: string;
  /**
   * `not_own`: a boolean parameter that, when true, leaves out rows of the caller's own organisation;
   * `has`: a boolean parameter keeping the rows with (true) or without (false) child rows;
   * `set`: a boolean parameter asking whether the field has a value (true) or is null (false).
   */
  match: 'search' | 'eq' | 'in' | 'gte' | 'lte' | 'subtree' | 'not_own' | 'has' | 'set';
  /** Field names; several only for search, none for has. */
  fields: string[];
  /** For `has`: the child rows, those of `entity` whose ref `via` points at the row. */
  has?: { entity: string; via: string };
}

/**
 * Which rows a caller may see: `tree` names a ref to organisation (or `self` for organisations)
 * whose record must lie in the caller's organisation subtree; `own` names one that must be the
 * caller's organisation itself, except that with `rootReadsTree` supplier staff (root) reach their
 * whole tree's (spec `scope: { own: …, root: tree }`).
 */
export type GenericScope = { kind: 'tree'; field: string } | { kind: 'own'; field: string; rootReadsTree?: true };

export interface GenericOperation {
  /**
   * create (POST) and update (PUT …/{id}) write the fields of their input `schema`; action (POST
   * …/{id}/<verb>) writes fixed `values`; delete (DELETE …/{id}) removes the record.
   */
  kind: 'list' | 'get' | 'children' | 'create' | 'update' | 'action' | 'delete';
  entity: string;
  schema: string;
  sort: string[];
  defaultSort: string;
  filters: GenericFilter[];
  scope?: GenericScope;
  /** For `children`: the rows of the entity that belong to one record of another. */
  children?: GenericChildren;
  /** For create and update: a field that may only be set when another one is (product type needs type). */
  requires?: Record<string, string>;
  /**
   * For create and update: fields whose value must name a row of another entity by a unique field
   * (a user's timezone is the code of a timezone row); a value naming none is refused.
   */
  lookup?: Record<string, { entity: string; field: string }>;
  /** For an action: the values it writes, whatever the caller sends. */
  values?: Record<string, string | number | boolean | null>;
  /** For an action: the audit action it is recorded as (ENABLE, DISABLE…). */
  audit?: string;
  /** For action and delete: what the record must be (else 409 invalid_state). */
  when?: Record<string, string | number | boolean | null>;
  /** For action and delete: refused (403 own_record) on the caller's own organisation or own user. */
  notSelf?: boolean;
  /** For delete: child rows removed with the record, by entity and the ref pointing back. */
  cascade?: { entity: string; via: string }[];
  /** For delete: child rows whose existence forbids it, answered as 409 with `problem`. */
  restrict?: { entity: string; via: string; problem: string }[];
}

/**
 * A child list of one record: visible exactly when the parent is. `of` is the parent's get
 * operation (run first: its 404 or 403 is the child list's); `via` is the child's field holding
 * the parent's id (a ref to the parent's entity, or an integer with `where` fixing the others,
 * as the audit log's entity_type and entity_id).
 */
export interface GenericChildren {
  of: string;
  via: string;
  where: Record<string, string | number | boolean>;
}

/** A route, link, filter, action or operation guard: the one shape of shared/guard/guard.ts. */
export type { Guard };

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
  /** The get-by-id a route with :id showing this form loads the record from (then saves with `update`). */
  load?: string;
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
  /** Each row is followed by the rows of one of its array properties (an account manager's periods). */
  detailRows?: DetailRows;
  links: ScreenLink[];
  /** Actions of each row. */
  actions: ScreenAction[];
  /** Row checkboxes with select-all, and the component given the selected rows (`file#Export`). */
  selection?: string;
}

/**
 * The rows listed under each row (spec `detail_rows`): the items of the row's array `property`,
 * drawn in the list's own columns. A column shows the item property the spec maps it to, or the
 * item's same-named property; several mapped properties are joined into one text.
 */
export interface DetailRows {
  property: string;
  fields: Record<string, DetailPart[]>;
}

export interface DetailPart {
  field: string;
  format: ListColumnDef['format'];
  enum?: string;
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
  /** A record matching `when` opens on `route` (taking its :id) instead: a draft on its editor. */
  redirectWhen?: { when: Record<string, string | number | boolean | null>; route: string };
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

export interface Permission {
  name: string;
  module: string;
}

/**
 * An entry of the header menu: a parameter-free, signed-in route of the SPA (`route`, shown to the
 * users its guard lets in) or a page the server answers itself (`href`, a full-page link); `guard`
 * narrows who sees it further (inward quotes: `{ root: false }`).
 */
export interface MenuEntry {
  kind: 'entry';
  label: string;
  route?: string;
  href?: string;
  guard?: Guard;
}

/** A group of entries behind a disclosure button; hidden when none of its entries is shown. */
export interface MenuGroup {
  kind: 'group';
  name: string;
  label: string;
  entries: MenuEntry[];
}

export type MenuItem = MenuEntry | MenuGroup;

export interface Model {
  enums: EnumDef[];
  entities: Entity[];
  schemas: ApiSchema[];
  operations: Operation[];
  routes: Route[];
  screens: Screen[];
  permissions: Permission[];
  /** The header menu, in order (empty when the spec has none). */
  menu: MenuItem[];
  /** locale → key → text; en is complete, others may be partial. */
  messages: Record<string, Record<string, string>>;
  /** The e-mails the portal sends, from spec/emails/ (docs/spec.md "emails"); checked templates. */
  emails: EmailModel;
}

/** What the screens are built from: the model before screens, routes, permissions, menu, messages and e-mails. */
export type ModelBeforeScreens = Omit<Model, 'screens' | 'routes' | 'permissions' | 'menu' | 'messages' | 'emails'>;

/** A scalar an e-mail's context may carry; each has its helper or may be written as it is. */
export type EmailScalar = 'string' | 'text' | 'url' | 'integer' | 'boolean' | 'money' | 'date' | 'timestamp';

/** The type of a value in an e-mail's context (the spec's `context:` grammar). */
export type EmailValueType =
  | { kind: 'scalar'; scalar: EmailScalar }
  | { kind: 'enum'; enumName: string; values: (string | number)[] }
  | { kind: 'object'; fields: EmailField[] }
  | { kind: 'list'; items: EmailValueType };

export interface EmailField {
  name: string;
  type: EmailValueType;
  /** Declared with a `?` after its name: null when there is none. */
  nullable: boolean;
}

/** A template's source and the file it came from (relative to spec/). */
export interface EmailTemplateSource {
  file: string;
  source: string;
}

/** One e-mail: its declared context, the sample the preview renders, and its three templates. */
export interface EmailDef {
  name: string;
  /** Catalogue key naming the e-mail on the preview page. */
  label: string;
  description: string;
  /** The context its templates may use, besides the common one every e-mail gets. */
  context: EmailField[];
  sample: Record<string, unknown>;
  /** The subject line: a one-line template (plain text). */
  subject: string;
  html: EmailTemplateSource;
  text: EmailTemplateSource;
}

/** A partial of one part (`{{#> layout}}…{{/layout}}`), checked against the common context. */
export interface EmailPartial {
  name: string;
  part: 'html' | 'text';
  file: string;
  source: string;
}

export interface EmailModel {
  /** The context every e-mail gets from the server (language, portal, recipient, branding). */
  common: EmailField[];
  emails: EmailDef[];
  partials: EmailPartial[];
  /** The catalogue keys the templates and partials use (`t` keys and enum labels), sorted: the server's catalogue. */
  messageKeys: string[];
}
