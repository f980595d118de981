// Whose record an operation's {id} names (docs/spec-design.md "Whose record an {id} names"): declared
// with `access:` on a hand-written operation, derived for generic ones and for operations under
// a get's path. The authorization matrix (emit/authorization.ts) and its test are built on it,
// and the API router uses `shared` to keep a shared record's child lists within the caller's scope.
import { fail, type Located, type Raw } from './specContext';
import type { Entity, GenericScope, Operation, AccessRule } from './types';

type PlainValue = string | number | boolean;

function scopeOf(raw: Raw, entity: Entity, at: Located<Raw>): GenericScope | undefined {
  if (!raw) return undefined;
  const [kind, field] = raw.tree !== undefined ? (['tree', raw.tree] as const) : (['own', raw.own] as const);
  const target = entity.fields.find((candidate) => candidate.name === field);
  const organisationRef = target?.type === 'ref' && target.to === 'organisation';
  const self = kind === 'tree' && field === 'self' && entity.name === 'organisation';
  if (!organisationRef && !self)
    fail(at, `scope names a ref of "${entity.name}" to organisation${kind === 'tree' ? ', or self' : ''}`, ['access', 'scope', kind]);
  return (kind === 'own' && raw.root === 'tree' ? { kind, field, rootReadsTree: true } : { kind, field }) as GenericScope;
}

function valuesOf(
  raw: Record<string, PlainValue | PlainValue[]>,
  entity: Entity,
  at: Located<Raw>,
  key: string,
): Record<string, PlainValue[]> {
  for (const name of Object.keys(raw)) {
    if (!entity.fields.some((field) => field.name === name))
      fail(at, `entity "${entity.name}" has no field "${name}"`, ['access', key, name]);
  }
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));
}

/** The get-by-id operation at the same path (another method) or the nearest one above it. */
function getAbove(operation: Operation, operations: Operation[]): Operation | undefined {
  const gets = operations.filter(
    (candidate) =>
      candidate.id !== operation.id &&
      candidate.method === 'get' &&
      candidate.pathParams.length === 1 &&
      candidate.response !== 'none' &&
      candidate.response.kind === 'schema',
  );
  let path = operation.path;
  for (;;) {
    const found = gets.find((candidate) => candidate.path === path);
    if (found) return found;
    const cut = path.lastIndexOf('/');
    if (cut <= 0) return undefined;
    path = path.slice(0, cut);
  }
}

function declaredRule(
  raw: Raw,
  entities: Entity[],
  operations: Operation[],
  at: Located<Raw>,
): AccessRule | { pending: string[]; where?: Raw } {
  if (raw.of !== undefined) {
    const of: string[] = Array.isArray(raw.of) ? raw.of : [raw.of];
    of.forEach((id, i) => {
      const target = operations.find((candidate) => candidate.id === id);
      const getsOne =
        target?.method === 'get' && target.pathParams.length === 1 && target.response !== 'none' && target.response.kind === 'schema';
      if (!getsOne) fail(at, `"${id}" is not a get-by-id operation`, ['access', 'of', ...(Array.isArray(raw.of) ? [i] : [])]);
    });
    if (raw.scope || raw.shared)
      fail(at, 'a record reached through `of` takes its scope from there', ['access', raw.scope ? 'scope' : 'shared']);
    return { pending: of, where: raw.where };
  }
  const entity = entities.find((candidate) => candidate.name === raw.entity);
  if (!entity) fail(at, `unknown entity "${String(raw.entity)}"`, ['access', 'entity']);
  const rule: AccessRule = { entity: entity.name };
  const scope = scopeOf(raw.scope, entity, at);
  if (scope) rule.scope = scope;
  if (raw.shared) {
    if (!scope) fail(at, 'shared records are an exception to a scope', ['access', 'shared']);
    rule.shared = Object.fromEntries(Object.entries(valuesOf(raw.shared, entity, at, 'shared')).map(([name, [value]]) => [name, value!]));
  }
  if (raw.where) rule.where = valuesOf(raw.where, entity, at, 'where');
  return rule;
}

/** A record's {id} is in the path; other path parameters (a looked-up number) name no record. */
const takesId = (operation: Operation) => operation.pathParams.some((param) => param.name === 'id');

/**
 * Sets `record` on every operation taking an {id}. A generic get, update or child list knows its
 * record; a hand-written operation may declare it, or is the record of the get at its path or
 * above it (an order's line items are the order's); any other is a spec error, so a new
 * operation cannot escape the authorization matrix.
 */
export function assignAccess(operations: Operation[], entities: Entity[], located: Map<string, Located<Raw>>): void {
  const pending = new Map<Operation, { of: string[]; where?: Raw }>();
  for (const operation of operations) {
    const at = located.get(operation.id)!;
    const raw = at.value.access;
    if (raw !== undefined) {
      if (operation.generic) fail(at, 'a generic operation’s record is its own', ['access']);
      if (!takesId(operation)) fail(at, 'record is for an operation taking an {id}', ['access']);
      const rule = declaredRule(raw, entities, operations, at);
      if ('pending' in rule) pending.set(operation, { of: rule.pending, where: rule.where });
      else operation.access = rule;
      continue;
    }
    if (!takesId(operation)) continue;
    const generic = operation.generic;
    if (generic?.children) pending.set(operation, { of: [generic.children.of] });
    else if (generic && generic.kind !== 'list' && generic.kind !== 'create')
      operation.access = { entity: generic.entity, ...(generic.scope && { scope: generic.scope }) };
    else {
      const above = getAbove(operation, operations);
      if (!above)
        fail(at, 'an operation taking an {id} with no get of its record at or above its path must say whose record it names (access:)');
      pending.set(operation, { of: [above.id] });
    }
  }
  const resolving = new Set<Operation>();
  const resolve = (operation: Operation): AccessRule => {
    if (operation.access) return operation.access;
    const wanted = pending.get(operation)!;
    if (resolving.has(operation)) fail(located.get(operation.id)!, 'its record is reached through itself', ['access', 'of']);
    resolving.add(operation);
    const [first, ...others] = wanted.of.map((id) => resolve(operations.find((candidate) => candidate.id === id)!));
    const entity = entities.find((candidate) => candidate.name === first!.entity)!;
    if (others.some((other) => other.entity !== entity.name))
      fail(located.get(operation.id)!, 'the operations of `of` must answer records of one entity', ['access', 'of']);
    const rule: AccessRule = { entity: entity.name, of: wanted.of };
    if (wanted.where) rule.where = valuesOf(wanted.where, entity, located.get(operation.id)!, 'where');
    operation.access = rule;
    return rule;
  };
  for (const operation of pending.keys()) resolve(operation);
}
