// The spec's raw values with their place in the files, and the checks every part of the model
// builder shares (generator/model/buildModel.ts and its helpers).
import { SpecError, type SpecFile } from '../load/readSpec';
import type { EnumDef, Guard, Permission } from './types';

/** A spec value as parsed from YAML (already validated against the spec schema). */
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the YAML is schema-validated before it reaches here */
export type Raw = any;

/** A spec value and where it was found, so that an error can name the file, line and path. */
export interface Located<T> {
  value: T;
  file: SpecFile;
  path: (string | number)[];
}

/** The error of a problem at a place in the spec (`fail` throws it; a collecting check gathers it). */
export function specError(at: Located<unknown>, reason: string, subPath: (string | number)[] = []): SpecError {
  const path = [...at.path, ...subPath];
  return new SpecError(at.file.file, at.file.lineOf(path), path.join('.'), reason);
}

export function fail(at: Located<unknown>, reason: string, subPath: (string | number)[] = []): never {
  throw specError(at, reason, subPath);
}

/** Runs a check that throws SpecError, keeping its error instead (a check that names every problem at once). */
export function keep(errors: SpecError[], check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    errors.push(error);
  }
}

/** Every permission a guard names, at any depth of `any`, must exist. */
export function checkGuard(at: Located<unknown>, guard: Guard | undefined, permissions: Permission[], path: (string | number)[]): void {
  if (!guard) return;
  if (guard.permission && !permissions.some((candidate) => candidate.name === guard.permission))
    fail(at, `unknown permission "${guard.permission}"`, [...path, 'permission']);
  guard.any?.forEach((alternative, i) => checkGuard(at, alternative, permissions, [...path, 'any', i]));
}

/** Collects a keyed section from every file, refusing a key defined twice. */
export function collect(files: SpecFile[], section: string): Map<string, Located<Raw>> {
  const found = new Map<string, Located<Raw>>();
  for (const file of files) {
    const entries = file.data[section] as Record<string, Raw> | undefined;
    for (const [key, value] of Object.entries(entries ?? {})) {
      const at = { value, file, path: [section, key] };
      const earlier = found.get(key);
      if (earlier) fail(at, `"${key}" is already defined in ${earlier.file.file}`);
      found.set(key, at);
    }
  }
  return found;
}

/** What building schemas and operations needs to know of the spec so far. */
export interface TypeContext {
  enums: Set<string>;
  enumDefs: EnumDef[];
  entities: Set<string>;
  schemaNames: Set<string>;
  /** Schema name → the entity it is `from`. */
  schemaEntities: Map<string, string>;
  /** Schema name → its property names (filled once the schemas are built, for the operations). */
  schemaProperties: Map<string, string[]>;
}
