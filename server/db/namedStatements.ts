import { createHash } from 'node:crypto';

/** The part of a `pg` connection that names statements (pg's Client.query, in the forms Knex calls it). */
export interface PostgresConnection {
  query: (...args: unknown[]) => unknown;
}

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
}

/** Statements named on one connection at most: past it, new texts run unnamed (PostgreSQL keeps each named one's plan per connection). */
export const NAMED_PER_CONNECTION = 500;

/** What may be named: a single select, insert, update or delete (or a `with` of them); never BEGIN, DDL, or several statements in one text. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Makes a PostgreSQL connection name the statements Knex sends it, by a hash of their text, so
 * that PostgreSQL parses and plans each text once per connection and then only binds and runs it.
 * Unnamed, as Knex sends them, every statement was parsed, analysed and planned anew: on two
 * cores shared by the portal, PostgreSQL and the clients, that was PostgreSQL's largest cost in an
 * order action (docs/performance.md, "Named statements on PostgreSQL"). `pg` keeps track of the
 * names its connection has prepared and sends the text only the first time.
 *
 * A statement named here keeps PostgreSQL's own choice between a plan for its values and a
 * generic one (plan_cache_mode = auto). A migration that changes what a named `select *` answers
 * fails that statement once on each connection holding it ("cached plan must not change result
 * type", 0A000); the connection then names its statements afresh.
 */
export function nameStatements(connection: PostgresConnection): void {
  const query = connection.query.bind(connection);
  namingOf.set(connection, { named: new Set(), generation: 0 });
  connection.query = (config: unknown, ...rest: unknown[]) => {
    if (!isQueryConfig(config)) return query(config, ...rest);
    const name = statementNameOn(connection, config.text);
    if (name === undefined) return query(config, ...rest);
    const [callback] = rest;
    if (typeof callback !== 'function') return query({ ...config, name }, ...rest);
    return query({ ...config, name }, (error: { code?: string } | null, result: unknown) => {
      afterNamedStatement(connection, error);
      (callback as (error: unknown, result: unknown) => void)(error, result);
    });
  };
}

/** What a connection that names its statements has named, and under which generation of names. */
interface Naming {
  named: Set<string>;
  generation: number;
}
const namingOf = new WeakMap<PostgresConnection, Naming>();

/**
 * The name `text` runs under on `connection`, taking its place there; undefined when it runs
 * unnamed: a text not to be named (yet), a connection full, or one that does not name its
 * statements. Also for a statement `pg` is handed as a query object of its own (the settling with
 * the COMMIT, db/commitPipeline.ts), which the wrapper above passes on as it is.
 */
export function statementNameOn(connection: PostgresConnection, text: string): string | undefined {
  const naming = namingOf.get(connection);
  if (naming === undefined) return undefined;
  const name = nameFor(text, naming.generation);
  if (name === undefined || (!naming.named.has(name) && naming.named.size >= NAMED_PER_CONNECTION)) return undefined;
  naming.named.add(name);
  return name;
}

/** After a named statement answered: a kept plan that no longer fits (0A000) has the connection name its statements afresh. */
export function afterNamedStatement(connection: PostgresConnection, error: { code?: string } | null | undefined): void {
  const naming = namingOf.get(connection);
  if (naming === undefined || error?.code !== PLAN_CHANGED) return;
  naming.generation += 1;
  naming.named.clear();
}

/** PostgreSQL's "cached plan must not change result type" (feature_not_supported). */
const PLAN_CHANGED = '0A000';

/** A plain query's config (not a named one, nor a submittable such as a cursor, which are passed on as they are). */
function isQueryConfig(config: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const candidate = config as QueryConfig & { submit?: unknown };
  return typeof candidate.text === 'string' && !candidate.name && candidate.submit === undefined;
}

/**
 * Names by text, for the texts seen last; a text is named the second time it is seen, so that one
 * seen once (an insert of so many rows, a list of so many ids) takes no place on a connection.
 */
const names = new Map<string, string>();
const seenOnce = new Set<string>();
const TEXTS_KEPT = 5000;

/** The statement's name on a connection of this generation, or undefined for a text not to be named (yet). */
export function nameFor(text: string, generation = 0): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (!NAMEABLE.test(text) || text.includes(';')) return undefined;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= TEXTS_KEPT) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    name = `hub_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    if (names.size >= TEXTS_KEPT) names.clear();
    names.set(text, name);
  }
  return generation === 0 ? name : `${name}_${generation}`;
}
