/**
 * The spec's vocabulary (issue 21): every key name the spec schema (specSchema.ts) admits, and how
 * often each is written in spec/. The walk follows the schema over each file's data (through
 * properties, additionalProperties, items, oneOf/anyOf/allOf, if/then/else and $ref), so a name the
 * author chose (an entity field, a message key) is not mistaken for a keyword. A key is counted
 * once per place it is written (file and path), however many schema branches reach that place.
 * scripts/specVocabulary.ts prints it; specVocabulary.test.ts keeps docs/spec.md listing every key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { specFileSchema } from './specSchema';

type Schema = Record<string, unknown>;
const root = specFileSchema as unknown as Schema;
const defs = (root['$defs'] ?? {}) as Record<string, Schema>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(schema: Schema): Schema {
  const ref = schema['$ref'];
  return typeof ref === 'string' ? resolve(defs[ref.replace('#/$defs/', '')] ?? {}) : schema;
}

/** Every key name the schema admits: the names of every `properties` map, wherever it is. */
function vocabulary(schema: unknown, names = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!isObject(schema) || seen.has(schema)) return names;
  seen.add(schema);
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'not' || keyword === 'required' || keyword === 'enum' || keyword === 'const') continue;
    if (keyword === 'properties' && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        names.add(name);
        vocabulary(sub, names, seen);
      }
    } else if (Array.isArray(value)) for (const item of value) vocabulary(item, names, seen);
    else vocabulary(value, names, seen);
  }
  return names;
}

/**
 * Records `key → set of places` for the keys of `data` that `schema` names as keywords; `shape` is
 * the path with author-chosen names and indices left out (`screens.*.tabs[].guard`), for --where.
 */
function walk(schemaIn: unknown, data: unknown, path: string, shape: string, uses: Map<string, Set<string>>, depth = 0): void {
  if (!isObject(schemaIn) || depth > 60) return;
  const schema = resolve(schemaIn);
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) walk(branch, data, path, shape, uses, depth + 1);
  }
  for (const keyword of ['if', 'then', 'else'] as const) walk(schema[keyword], data, path, shape, uses, depth + 1);
  if (Array.isArray(data)) {
    const items = schema['items'];
    data.forEach((item, index) =>
      walk(Array.isArray(items) ? items[index] : items, item, `${path}[${index}]`, `${shape}[]`, uses, depth + 1),
    );
    return;
  }
  if (!isObject(data)) return;
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  for (const [key, value] of Object.entries(data)) {
    if (key in properties) {
      for (const name of [key, `${shape}.${key}`]) {
        const places = uses.get(name) ?? new Set<string>();
        places.add(`${path}.${key}`);
        uses.set(name, places);
      }
      walk(properties[key], value, `${path}.${key}`, `${shape}.${key}`, uses, depth + 1);
    } else if (isObject(schema['additionalProperties'])) {
      walk(schema['additionalProperties'], value, `${path}.${key}`, `${shape}.*`, uses, depth + 1);
    }
  }
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(name) ? [full] : [];
  });
}

/** Uses by key name, and (with `where`) by the place in the spec's shape as well (`screens.*.tabs[].guard`). */
export function countVocabulary(specDir = 'spec', where = false): Map<string, number> {
  const uses = new Map<string, Set<string>>();
  for (const file of yamlFiles(specDir)) walk(root, parse(readFileSync(file, 'utf8')) as unknown, file, '', uses);
  const counts = new Map<string, number>();
  for (const name of [...vocabulary(root)].sort()) counts.set(name, uses.get(name)?.size ?? 0);
  if (where) for (const [name, places] of uses) if (name.includes('.')) counts.set(name, places.size);
  return counts;
}

/** Every key name the spec admits, sorted. */
export function vocabularyKeys(): string[] {
  return [...vocabulary(root)].sort();
}
