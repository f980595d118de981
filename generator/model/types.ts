import type { Guard } from '../../shared/guard/guard';
import type { Route, Screen } from './screenTypes';

/**
 * The validated, normalised model of spec/. Every emitter is a pure function of it. Its routes and
 * screens are in screenTypes.ts, re-exported here.
 */
export type * from './screenTypes';

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
