/** The JSON schema every spec file must satisfy; cross-references are checked by buildModel. */

const identifier = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;

/**
 * Whose rows an operation reaches: `tree` (a ref to organisation, or self) or `own`. An own scope
 * may add `root: tree`: supplier staff read the whole tree's rows (000 §2.8, root reads the
 * baskets of its customers), while everyone else still reaches only their own organisation's.
 */
const scopeSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { tree: identifier, own: identifier, root: { const: 'tree' } },
  oneOf: [
    { required: ['tree'], not: { required: ['own'] } },
    { required: ['own'], not: { required: ['tree'] } },
  ],
  dependencies: { root: ['own'] },
} as const;

/** A hand-written component under screens/: `file#Export` (screens/file.tsx, its export Export). */
const componentRef = { type: 'string', pattern: '^[A-Za-z0-9_/]+#[A-Za-z_][A-Za-z0-9_]*$' } as const;

/** A property of a row or record, possibly inside a nested one (`product.id`). */
const propertyPath = { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' } as const;

/** An operation's id. */
const operationId = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } as const;

const scalarKeys = {
  type: {
    enum: [
      'id',
      'string',
      'text',
      'email',
      'url',
      'phone',
      'integer',
      'boolean',
      'money',
      'decimal',
      'enum',
      'enum_list',
      'timestamp',
      'date',
      'ref',
      'binary',
    ],
  },
  max: { type: 'integer', minimum: 0 },
  min: { type: 'number' },
  scale: { type: 'integer', minimum: 0, maximum: 8 },
  enum: identifier,
  to: identifier,
  description: { type: 'string' },
} as const;

const field = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    ...scalarKeys,
    required: { type: 'boolean' },
    nullable: { type: 'boolean' },
    default: {},
    index: { type: 'boolean' },
    unique: { type: 'boolean' },
    primary: { type: 'boolean' },
    private: { type: 'boolean' },
    renamed_from: identifier,
  },
} as const;

/** Index columns may also be a field's lower-cased value, `lower(name)`, as case-insensitive sorts and uniqueness use it. */
const indexLists = {
  type: 'array',
  items: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^([a-z][a-z0-9_]*|lower\\([a-z][a-z0-9_]*\\))$' } },
} as const;

const entity = {
  type: 'object',
  additionalProperties: false,
  required: ['table', 'fields'],
  properties: {
    table: identifier,
    description: { type: 'string' },
    private: { type: 'boolean' },
    renamed_from: identifier,
    drop_intended: { type: 'array', items: identifier },
    /** Every change of a record is written to the audit log under the entity's name (an audit_entity_type value). */
    audit: { type: 'boolean' },
    // Message namespaces of the entity's field labels, in order (the audit tab: organisations.name).
    labels: { type: 'array', items: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } },
    /**
     * What a caller is answered for a record of another organisation (outside every scope its
     * operations reach it by): 404 as if missing (the default), or 403 forbidden (001 §2: a quote).
     */
    outside_scope: { enum: ['not_found', 'forbidden'] },
    /** Every write bumps this named data version (table data_versions) in its transaction: caches keyed by it never go stale. */
    data_version: identifier,
    /** Text fields searched by substring: a trigram index (SQLite FTS5, PostgreSQL pg_trgm) serves "contains". */
    search: { type: 'array', minItems: 1, items: identifier },
    fields: { type: 'object', minProperties: 1, propertyNames: identifier, additionalProperties: field },
    indexes: indexLists,
    unique: indexLists,
  },
} as const;

/** A property of an API schema or parameter: a scalar, a schema reference or an array. */
const property = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...scalarKeys,
    values: { type: 'array', items: { type: ['string', 'number'] } },
    schema: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' },
    via: identifier,
    count: {
      type: 'object',
      additionalProperties: false,
      required: ['entity', 'via'],
      properties: { entity: identifier, via: identifier },
    },
    // A schema property showing the newest child row (its schema's entity, whose ref `via` points at
    // the record), newest by the field `by`: a feed's last run.
    latest: {
      type: 'object',
      additionalProperties: false,
      required: ['via', 'by'],
      properties: { via: identifier, by: identifier },
    },
    // A boolean: whether the record's field holds a value, shown without the value (a private one).
    has_value: identifier,
    array: { oneOf: [{ type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' }, { $ref: '#/$defs/property' }] },
    max_items: { type: 'integer', minimum: 1 },
    required: { type: 'boolean' },
    nullable: { type: 'boolean' },
    default: {},
  },
} as const;

const apiSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    input: { type: 'boolean' },
    // An input schema that also takes the record as this (answer) schema shows it: its other
    // properties are readOnly there (generator/model/roundTrip.ts).
    round_trip: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' },
    // With round_trip: record fields the caller may not set here (403 forbidden_field when changed).
    fixed: { type: 'array', items: identifier },
    from: identifier,
    fields: { type: 'array', items: identifier },
    add: { type: 'object', additionalProperties: { $ref: '#/$defs/property' } },
  },
} as const;

const parameterSet = {
  type: 'object',
  properties: { $ref: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$' } },
  additionalProperties: { $ref: '#/$defs/property' },
} as const;

/**
 * What a route, screen link, filter, action or operation demands beyond being signed in (002 §6):
 * every condition given must hold; `any` holds when one of its alternatives does. `linked_account`
 * is the caller's organisation having a linked account; `finance` its having a finance type or no
 * parent (001 §2). `root` is the one flag that may also be false: "not supplier staff" (a menu
 * offers inward quotes to everyone else). One grammar, evaluated by shared/guard/guard.ts.
 */
const guard = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    permission: { type: 'string' },
    root: { type: 'boolean' },
    admin: { const: true },
    linked_account: { const: true },
    can_create_resellers: { const: true },
    finance: { const: true },
    emulating: { const: false },
    any: { type: 'array', minItems: 2, items: { $ref: '#/$defs/guard' } },
  },
} as const;

const operation = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'path', 'auth', 'response'],
  properties: {
    method: { enum: ['get', 'post', 'put', 'patch', 'delete'] },
    path: { type: 'string', pattern: '^/' },
    // One line for the API reference (GET /api/v1/docs) and the OpenAPI summary.
    summary: { type: 'string' },
    auth: { enum: ['public', 'session'] },
    permission: { type: 'string' },
    module: { enum: ['WEBSTORE', 'DOVETAIL'] },
    guard: { $ref: '#/$defs/guard' },
    paged: {
      type: 'object',
      additionalProperties: false,
      required: ['per_page_max', 'per_page_default'],
      properties: { per_page_max: { type: 'integer', minimum: 1 }, per_page_default: { type: 'integer', minimum: 1 } },
    },
    query: parameterSet,
    // Path parameters other than a record's {id} (a positive integer), by name: a company number
    // looked up as typed ({ query: { type: string, max: 20 } }).
    params: { type: 'object', additionalProperties: { $ref: '#/$defs/property' } },
    body: { type: 'string' },
    // Image files sent with the body as multipart/form-data (002 §7: a `jsonBody` part and the
    // named file parts), by part name, each at most `max_bytes`; the router checks each file's type
    // by its content (server/http/uploads.ts) and hands them to the handler as `files`.
    files: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[a-z][a-z0-9_]*$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['max_bytes'],
        properties: { max_bytes: { type: 'integer', minimum: 1, maximum: 10485760 }, description: { type: 'string' } },
      },
    },
    // `{ file: [application/pdf] }`: a file answered with a Content-Disposition filename (an
    // invoice's PDF, an export's CSV); the handler answers a FileAnswer (server/http/operationDef.ts).
    response: {
      anyOf: [
        { const: 'none' },
        { type: 'string' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['file'],
          properties: { file: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]+$' } } },
        },
        { $ref: '#/$defs/property' },
      ],
    },
    status: { type: 'integer', minimum: 200, maximum: 299 },
    // The problems a hand-written operation answers beyond the usual ones, by status, for the
    // OpenAPI contract: { 409: [max_feeds_reached], 422: [outside_scope] } (codes of the catalogue).
    problems: {
      type: 'object',
      propertyNames: { pattern: '^(4[0-9][0-9]|503)$' },
      additionalProperties: { type: 'array', minItems: 1, items: identifier },
    },
    handler: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*(/[a-z][a-zA-Z0-9]*)*#[A-Za-z_][A-Za-z0-9_]*$' },
    // A gate the handler applies to some calls only, answering 403 forbidden otherwise: `when` says
    // which calls ("any query but organisation_to alone"), `guard` what they need. Required with
    // problems { 403: [forbidden] }, so every refusal is declared (contract, docs/authorization.md).
    gate_when: {
      type: 'object',
      additionalProperties: false,
      required: ['when', 'guard'],
      properties: { when: { type: 'string' }, guard: { $ref: '#/$defs/guard' } },
    },
    // Whose record a hand-written operation's {id} names and who may reach it (docs/spec.md
    // "Whose record an {id} names"): the authorization matrix and its test are derived from it.
    access: {
      type: 'object',
      additionalProperties: false,
      oneOf: [{ required: ['entity'] }, { required: ['of'] }],
      properties: {
        entity: identifier,
        of: { oneOf: [{ type: 'string' }, { type: 'array', minItems: 2, items: { type: 'string' } }] },
        scope: scopeSchema,
        shared: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean'] },
        },
        where: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: {
            oneOf: [
              { type: ['string', 'number', 'boolean'] },
              { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean'] } },
            ],
          },
        },
      },
    },
    generic: {
      type: 'object',
      additionalProperties: false,
      oneOf: [
        { required: ['list', 'sort', 'default_sort', 'schema'] },
        { required: ['get', 'schema'] },
        { required: ['children', 'of', 'via', 'schema'] },
        { required: ['create', 'schema'] },
        { required: ['update', 'schema'] },
        { required: ['action', 'values', 'audit'] },
        { required: ['delete'] },
      ],
      properties: {
        list: identifier,
        get: identifier,
        children: identifier,
        create: identifier,
        update: identifier,
        // A state change of one record (enable, disable): the fixed values it writes, the audit
        // action it is recorded as, and what the record must be for it to apply.
        action: identifier,
        values: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        audit: { type: 'string', pattern: '^[A-Z_]+$' },
        when: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        not_self: { type: 'boolean' },
        delete: identifier,
        // Child rows removed with the record ("entity.via"), and child rows that forbid the delete
        // ("entity.via": problem code answered with 409).
        cascade: { type: 'array', items: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' } },
        restrict: { type: 'object', propertyNames: { pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' }, additionalProperties: identifier },
        requires: { type: 'object', propertyNames: identifier, additionalProperties: identifier },
        lookup: {
          type: 'object',
          propertyNames: identifier,
          additionalProperties: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' },
        },
        of: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
        via: identifier,
        where: { type: 'object', propertyNames: identifier, additionalProperties: { type: ['string', 'number', 'boolean'] } },
        schema: { type: 'string' },
        sort: { type: 'array', items: identifier },
        default_sort: { type: 'string', pattern: '^[+-][a-z_]+$' },
        scope: scopeSchema,
        filters: {
          type: 'object',
          propertyNames: identifier,
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            properties: {
              search: { type: 'array', minItems: 1, items: identifier },
              field: identifier,
              match: { enum: ['eq', 'in', 'gte', 'lte', 'subtree', 'not_own', 'set'] },
              // A boolean parameter: true keeps the rows that have child rows of `entity` (its ref `via`), false the others.
              has: {
                type: 'object',
                additionalProperties: false,
                required: ['entity', 'via'],
                properties: { entity: identifier, via: identifier },
              },
            },
            oneOf: [{ required: ['search'] }, { required: ['field', 'match'] }, { required: ['has'] }],
          },
        },
      },
    },
  },
} as const;

const crumb = {
  type: 'object',
  additionalProperties: false,
  properties: { label: { type: 'string' }, route: { type: 'string' }, param: { type: 'string' }, lookup: { type: 'string' } },
} as const;

const route = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'path'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
    path: { type: 'string', pattern: '^(/|\\*)' },
    public: { type: 'boolean' },
    screen: identifier,
    redirect: { type: 'string' },
    guard: { $ref: '#/$defs/guard' },
    breadcrumbs: { type: 'array', items: crumb },
  },
} as const;

/**
 * Row properties and what each must be: a value it equals, or bounds of a number
 * (`{ gt: 0 }`: a count above zero); every one must hold.
 */
const rowCondition = {
  type: 'object',
  minProperties: 1,
  propertyNames: identifier,
  additionalProperties: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      // Any one of these values (an order's statuses that may be cancelled, 001 §4).
      { type: 'array', minItems: 1, items: { type: ['string', 'number', 'null'] } },
      {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { gt: { type: 'number' } },
      },
    ],
  },
} as const;

/** A label shown when the row meets `when`. */
const rowCase = {
  type: 'object',
  additionalProperties: false,
  required: ['when', 'label'],
  properties: {
    when: rowCondition,
    label: { type: 'string' },
  },
} as const;

/** Path parameters of an operation filled from properties of the row (or record): `{ product: product.id }`. */
const paramSources = { type: 'object', minProperties: 1, propertyNames: identifier, additionalProperties: propertyPath } as const;

/**
 * A checkbox cell of a record tab (002 §2.9): `on` (ticking) and `off` (unticking) are writes under
 * the record's path; `body` builds `on`'s JSON body from row properties, `params` fills path
 * parameters other than the record's {id} from row properties.
 */
const cellToggle = {
  type: 'object',
  additionalProperties: false,
  required: ['on', 'off', 'success', 'failure'],
  properties: {
    on: operationId,
    off: operationId,
    body: { type: 'object', minProperties: 1, propertyNames: identifier, additionalProperties: propertyPath },
    params: paramSources,
    success: { type: 'string' },
    failure: { type: 'string' },
  },
} as const;

/**
 * A confirmation before an action runs (000 §2.8): its text (Yes / No), or a text with an optional
 * input (Proceed / Cancel) whose trimmed value is sent as the body's `field`.
 */
const actionConfirm = {
  anyOf: [
    { type: 'string' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: {
        text: { type: 'string' },
        input: {
          type: 'object',
          additionalProperties: false,
          required: ['field', 'label'],
          properties: { field: identifier, label: { type: 'string' }, max: { type: 'integer', minimum: 1 } },
        },
      },
    },
  ],
} as const;

/**
 * An action of a list screen's rows, a record screen, or a record tab's rows: an operation it calls
 * (with its confirmation and alerts), a route it opens with the row's id, or a hand-written
 * component. `when` and `when_not_self` decide the rows (or records) it is offered on, `guard` who
 * sees it (the operation's own permission and guard are added by the generator).
 */
const screenAction = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: identifier,
    label: { type: 'string' },
    operation: operationId,
    route: identifier,
    component: componentRef,
    params: paramSources,
    when: { $ref: '#/$defs/rowCondition' },
    // Not on the caller's own record: their own user, or their own organisation (002 §2.3, §6).
    when_not_self: { const: true },
    // Not on a record of the caller's own organisation: this property is its organisation (001 §4 approve).
    when_not_own: identifier,
    // This property is the record's organisation: on a record of the caller's own organisation the
    // operation's permission must be granted over it (000 §6 parent), as the server's tree scope asks.
    grant_reaches: identifier,
    guard: { $ref: '#/$defs/guard' },
    confirm: actionConfirm,
    success: { type: 'string' },
    failure: { type: 'string' },
    // After success, open this route (a deleted record's list); without it the list or record reloads.
    then: {
      type: 'object',
      additionalProperties: false,
      required: ['route'],
      properties: { route: identifier, reload_user: { const: true }, id: { const: 'answer' } },
    },
  },
  oneOf: [
    { required: ['operation', 'label', 'success', 'failure'] },
    {
      required: ['route', 'label'],
      not: {
        anyOf: [
          { required: ['confirm'] },
          { required: ['success'] },
          { required: ['failure'] },
          { required: ['then'] },
          { required: ['params'] },
        ],
      },
    },
    {
      required: ['component'],
      not: {
        anyOf: [
          { required: ['confirm'] },
          { required: ['success'] },
          { required: ['failure'] },
          { required: ['then'] },
          { required: ['params'] },
        ],
      },
    },
  ],
} as const;

const screenActions = { type: 'array', minItems: 1, items: screenAction } as const;

/**
 * A column shows a row property (`field`), or is computed (`name` plus `cases`): the labels of the
 * cases that match, or `otherwise`. Either may carry `warnings`: an icon whose tooltip joins the
 * labels of the warnings that match.
 */
const listColumn = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    field: identifier,
    name: identifier,
    label: { type: 'string' },
    link: { type: 'string' },
    link_param: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' },
    format: { enum: ['text', 'money', 'date', 'datetime', 'enum', 'boolean'] },
    fallback: identifier,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    cases: { type: 'array', minItems: 1, items: rowCase },
    otherwise: { type: 'string' },
    warnings: { type: 'array', minItems: 1, items: rowCase },
    // Who sees the column at all (a row action for admins only, 002 §2.7).
    guard: { $ref: '#/$defs/guard' },
    // A hand-written cell (`name` plus `component`): screens/<file>.tsx draws it from the row.
    component: componentRef,
    // A checkbox over a boolean `field` of a record tab's rows: ticking calls `on`, unticking `off`.
    toggle: cellToggle,
  },
  oneOf: [
    {
      required: ['field'],
      not: { anyOf: [{ required: ['name'] }, { required: ['cases'] }, { required: ['otherwise'] }, { required: ['component'] }] },
    },
    {
      required: ['name', 'cases'],
      not: { anyOf: [{ required: ['field'] }, { required: ['format'] }, { required: ['component'] }, { required: ['toggle'] }] },
    },
    {
      required: ['name', 'component'],
      not: { anyOf: [{ required: ['field'] }, { required: ['cases'] }, { required: ['toggle'] }, { required: ['link'] }] },
    },
  ],
} as const;

const queryValues = {
  type: 'object',
  minProperties: 1,
  propertyNames: identifier,
  additionalProperties: { type: ['string', 'number', 'boolean'] },
} as const;

/**
 * A filter widget over one query parameter (`param`), two (`params`, the range widgets), or, for
 * a select, a named choice (`name`) among an enum's values, each of which sets query parameters
 * (`choices`). An organisation widget may narrow its choices with `where` (organisations list
 * query parameters).
 */
const listFilter = {
  type: 'object',
  additionalProperties: false,
  required: ['widget', 'label'],
  properties: {
    param: identifier,
    params: { type: 'array', minItems: 2, maxItems: 2, items: identifier },
    name: identifier,
    widget: { enum: ['text', 'checklist', 'select', 'organisation', 'date_range', 'value_range', 'number_range'] },
    label: { type: 'string' },
    default: {},
    guard: { $ref: '#/$defs/guard' },
    descendants: { const: true },
    presets: { type: 'object', propertyNames: identifier, minProperties: 1 },
    options_from: {
      type: 'object',
      additionalProperties: false,
      required: ['operation', 'value', 'label'],
      properties: { operation: { type: 'string' }, value: identifier, label: identifier },
    },
    enum: identifier,
    choices: { type: 'object', minProperties: 1, additionalProperties: queryValues },
    where: queryValues,
    // An organisation widget over [organisation, flag]: the option labelled `others` sets the flag
    // (001 §2 "my customers": every organisation but the user's own).
    others: { type: 'string' },
  },
  oneOf: [{ required: ['param'] }, { required: ['params'] }, { required: ['name', 'choices', 'enum'] }],
} as const;

/**
 * A link of a screen: to a route of the SPA, or (`href`) to a path the server answers itself, a
 * full-page link such as a file download; on a record or child-list screen `{id}` in an href is
 * the record's id, and a route link passes it as the route's `:id`.
 */
const screenLink = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    label: { type: 'string' },
    route: { type: 'string' },
    href: { type: 'string', pattern: '^/[A-Za-z0-9_./{}-]*$' },
    place: { enum: ['header', 'footer', 'both'] },
    guard: { $ref: '#/$defs/guard' },
    // Shown only when the list holds at least this many rows (002 §2.10: a footer link past 10 feeds).
    min_rows: { type: 'integer', minimum: 1 },
  },
  oneOf: [{ required: ['route'] }, { required: ['href'] }],
} as const;

const recordColumn = {
  ...listColumn,
  properties: {
    ...listColumn.properties,
    field: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' },
    link_param: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' },
  },
} as const;

/**
 * A tab of a record screen: one of the record's child lists (with actions on its rows), or a
 * hand-written component given the record. `when` (a condition on the record) and its list's guard decide
 * whether it is shown.
 */
const recordTab = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    list: operationId,
    component: componentRef,
    label: { type: 'string' },
    columns: { type: 'array', minItems: 1, items: recordColumn },
    empty: { type: 'string' },
    when: { $ref: '#/$defs/rowCondition' },
    actions: screenActions,
    // A component tab that saves: the alerts it raises (role_permissions_updated…).
    success: { type: 'string' },
    failure: { type: 'string' },
  },
  oneOf: [
    { required: ['list', 'columns'], not: { anyOf: [{ required: ['component'] }, { required: ['success'] }, { required: ['failure'] }] } },
    {
      required: ['component'],
      not: { anyOf: [{ required: ['list'] }, { required: ['columns'] }, { required: ['empty'] }, { required: ['actions'] }] },
    },
  ],
} as const;

const screen = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tabs: { type: 'array', items: recordTab },
    component: componentRef,
    // Row actions of a list screen, or the buttons under a record screen's heading.
    actions: screenActions,
    // A form's alerts after Save (000 §2.2, 002 §8): success names the saved record, failure the one typed.
    success: { type: 'string' },
    failure: { type: 'string' },
    form: identifier,
    fields: { type: 'array', items: identifier },
    // A widget by name, or with options: the organisation choice narrowed by the picker's query
    // parameters (`where`) or to the organisations below the user's own (`descendants`).
    widgets: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { enum: ['checkboxes', 'textarea', 'radio', 'select', 'organisation', 'password', 'email_check', 'user_timeout'] },
          {
            type: 'object',
            additionalProperties: false,
            required: ['widget'],
            properties: {
              widget: { const: 'organisation' },
              where: { type: 'object', propertyNames: identifier, additionalProperties: { type: ['string', 'number', 'boolean'] } },
              descendants: { type: 'boolean' },
            },
          },
        ],
      },
    },
    labels: { type: 'string', pattern: '^[a-z][a-z0-9_.]*$' },
    create: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    created_route: identifier,
    update: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    prefill: { type: 'object', propertyNames: identifier, additionalProperties: { type: 'string' } },
    // A new record's first values from an existing one: a get by the route's :id (a role to duplicate).
    prefill_from: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    // Form fields required although the entity allows null (a role's organisation, 002 §5).
    required: { type: 'array', minItems: 1, items: identifier },
    // Form fields only some users see (a role's template: root admins, 002 §5).
    guards: { type: 'object', propertyNames: identifier, additionalProperties: { $ref: '#/$defs/guard' } },
    // The get an edit route (a route with :id showing the form) loads the record from.
    load: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    // Choosing another value of a field empties the fields that depended on it.
    clears: { type: 'object', propertyNames: identifier, additionalProperties: { type: 'array', minItems: 1, items: identifier } },
    // A record screen drawn by a hand-written component (`file#Export`, given the record as a tab
    // is) instead of the generic definition list; its actions follow it (the order page, 001 §2).
    view: componentRef,
    // The view draws the tab bar itself: it is given the screen's tabs (its `tabs` prop) and puts
    // tabs of its own before them (the organisation editor's, 002 §2.4).
    view_tabs: { type: 'boolean' },
    // A record in this state belongs on another page (a draft on its editor).
    redirect_when: {
      type: 'object',
      additionalProperties: false,
      required: ['when', 'route'],
      properties: {
        when: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        route: identifier,
      },
    },
    edit: {
      type: 'object',
      additionalProperties: false,
      required: ['form', 'guard'],
      properties: { form: identifier, guard: { $ref: '#/$defs/guard' } },
    },
    list: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    record: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    // One child list of the record named by the route's :id, on a page of its own.
    children: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    title: { type: 'string' },
    // A record screen's title placeholders ({{name}}), each a property of the record, or `fallback` when it is null.
    title_values: {
      type: 'object',
      minProperties: 1,
      propertyNames: identifier,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['field'],
        properties: { field: identifier, fallback: identifier },
      },
    },
    // Dotted paths into nested rows (recordColumn) only on child-list screens: see oneOf.
    columns: { type: 'array', minItems: 1, items: recordColumn },
    filters: { type: 'array', items: listFilter },
    debounce_ms: { type: 'integer', minimum: 0, maximum: 5000 },
    // Row checkboxes with select-all; the component (`file#Export`) is drawn above the rows and given
    // the selected rows (the orders list's Export and Print, 001 §2).
    selection: componentRef,
    page_sizes: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 1 } },
    empty: { type: 'string' },
    tree: identifier,
    tree_parent: identifier,
    tree_ancestors: { type: 'boolean' },
    // Rows listed under each row: the items of an array property, column by column.
    detail_rows: {
      type: 'object',
      additionalProperties: false,
      required: ['property'],
      properties: {
        property: identifier,
        fields: {
          type: 'object',
          propertyNames: identifier,
          additionalProperties: { anyOf: [identifier, { type: 'array', minItems: 1, items: identifier }] },
        },
      },
    },
    links: { type: 'array', items: screenLink },
    sections: { type: 'array', minItems: 1, items: identifier },
  },
  oneOf: [
    { required: ['component'] },
    { required: ['form', 'fields'] },
    { required: ['list', 'columns'], properties: { columns: { items: listColumn } } },
    { required: ['record'] },
    { required: ['children', 'columns'], not: { anyOf: [{ required: ['record'] }, { required: ['list'] }] } },
    {
      required: ['sections'],
      not: {
        anyOf: [
          { required: ['component'] },
          { required: ['form'] },
          { required: ['list'] },
          { required: ['record'] },
          { required: ['children'] },
        ],
      },
    },
  ],
} as const;

/**
 * The header menu (spec/menu.yaml): entries naming a route of the SPA (or, `href`, a page the server
 * answers itself) with a label key and an optional extra guard, and groups of them shown behind a
 * disclosure button. Who sees a route entry is its route's guard plus the entry's own.
 */
const menuEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    route: { type: 'string' },
    href: { type: 'string', pattern: '^/[A-Za-z0-9_./-]*$' },
    label: { type: 'string' },
    guard: { $ref: '#/$defs/guard' },
  },
  oneOf: [{ required: ['route'] }, { required: ['href'] }],
} as const;

const menuGroup = {
  type: 'object',
  additionalProperties: false,
  required: ['group', 'label', 'entries'],
  properties: {
    group: identifier,
    label: { type: 'string' },
    entries: { type: 'array', minItems: 1, items: menuEntry },
  },
} as const;

/**
 * An e-mail the portal sends (docs/spec.md "emails"): its templates are emails/<name>.html.hbs and
 * emails/<name>.txt.hbs beside this declaration; `context` and `sample` are checked by the model
 * builder (generator/model/emailContext.ts), which names the line of a bad type or sample value.
 */
const email = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'description', 'subject', 'context', 'sample'],
  properties: {
    label: { type: 'string' },
    description: { type: 'string' },
    subject: { type: 'string', minLength: 1, pattern: '^[^\\n]*$' },
    context: { type: 'object' },
    sample: { type: 'object' },
  },
} as const;

export const specFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $defs: { property, guard, rowCondition },
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    enums: {
      type: 'object',
      propertyNames: identifier,
      additionalProperties: { type: 'array', minItems: 1, uniqueItems: true, items: { type: ['string', 'integer'] } },
    },
    entities: { type: 'object', propertyNames: identifier, additionalProperties: entity },
    schemas: { type: 'object', propertyNames: { pattern: '^[A-Z][A-Za-z0-9]*$' }, additionalProperties: apiSchema },
    parameters: { type: 'object', additionalProperties: parameterSet },
    operations: { type: 'object', propertyNames: { pattern: '^[a-z][A-Za-z0-9]*$' }, additionalProperties: operation },
    routes: { type: 'array', items: route },
    // A group is told apart by its `group` key, so that a bad one is reported as a group.
    menu: { type: 'array', minItems: 1, items: { if: { type: 'object', required: ['group'] }, then: menuGroup, else: menuEntry } },
    screens: { type: 'object', propertyNames: identifier, additionalProperties: screen },
    permissions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string', pattern: '^[a-z_]+:[a-z_]+$' }, module: { type: 'string' } },
      },
    },
    messages: { type: 'object', additionalProperties: { type: 'string' } },
    emails: { type: 'object', propertyNames: identifier, additionalProperties: email },
  },
} as const;
