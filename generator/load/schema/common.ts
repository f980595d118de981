/** The spec schema's building blocks shared by every part: names, references, scopes, fields and entities, API schemas and the guard. */

export const identifier = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;

/**
 * Whose rows an operation reaches: `tree` (a ref to organisation, or self) or `own`. An own scope
 * may add `root: tree`: supplier staff read the whole tree's rows (000 §2.8, root reads the
 * baskets of its customers), while everyone else still reaches only their own organisation's.
 */
export const scopeSchema = {
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
export const componentRef = { type: 'string', pattern: '^[A-Za-z0-9_/]+#[A-Za-z_][A-Za-z0-9_]*$' } as const;

/** A property of a row or record, possibly inside a nested one (`product.id`). */
export const propertyPath = { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' } as const;

/** An operation's id. */
export const operationId = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } as const;

export const scalarKeys = {
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

export const field = {
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
export const indexLists = {
  type: 'array',
  items: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^([a-z][a-z0-9_]*|lower\\([a-z][a-z0-9_]*\\))$' } },
} as const;

export const entity = {
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
export const property = {
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

export const apiSchema = {
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

export const parameterSet = {
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
export const guard = {
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
