import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv } from 'ajv';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { specFileSchema } from './specSchema';

/** A problem in the spec, located by file, line and path inside the document. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${path || '(root)'}: ${reason}`);
  }
}

/** Several problems found in one pass over a section, each with its place; the message lists them, one a line. */
export class SpecErrors extends SpecError {
  constructor(readonly errors: readonly [SpecError, ...SpecError[]]) {
    const [first] = errors;
    super(first.file, first.line, first.path, first.reason);
    this.message = errors.map((error) => error.message).join('\n');
  }

  /** Throws the one problem as it is, several together, or nothing when there is none. */
  static throwIfAny(errors: readonly SpecError[]): void {
    const [first, ...rest] = errors;
    if (first && rest.length === 0) throw first;
    if (first) throw new SpecErrors([first, ...rest]);
  }
}

export interface SpecFile {
  /** Path relative to the spec folder, with forward slashes. */
  file: string;
  data: Record<string, unknown>;
  /** Line (1-based) of the node at a path of keys, for errors found after parsing. */
  lineOf(path: (string | number)[]): number;
}

function listFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) return listFiles(full, pattern);
      return pattern.test(entry) ? [full] : [];
    });
}

/** A Handlebars template of the spec (an e-mail's part or a partial, under emails/), as text. */
export interface TemplateFile {
  /** Path relative to the spec folder, with forward slashes. */
  file: string;
  text: string;
}

/** Every `.hbs` file under specDir; the model builder parses and checks them (generator/model/emails.ts). */
export function readTemplates(specDir: string): TemplateFile[] {
  return listFiles(specDir, /\.hbs$/).map((fullPath) => ({
    file: relative(specDir, fullPath).split('\\').join('/'),
    text: readFileSync(fullPath, 'utf8'),
  }));
}

const validateFile = new Ajv({ allErrors: false, strict: false }).compile(specFileSchema);

function lineLocator(doc: Document, counter: LineCounter) {
  return (path: (string | number)[]): number => {
    // Walk up to the nearest existing node so a missing key still points near its parent.
    for (let depth = path.length; depth >= 0; depth--) {
      // Point at a mapping's key ("vendor:") rather than at the start of its value.
      const parent = depth > 0 ? doc.getIn(path.slice(0, depth - 1), true) : undefined;
      if (isMap(parent)) {
        const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === String(path[depth - 1]));
        if (pair && isScalar(pair.key) && pair.key.range) return counter.linePos(pair.key.range[0]).line;
      }
      const node = doc.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
}

/** Reads and schema-validates every YAML file under specDir; the first problem throws SpecError. */
export function readSpec(specDir: string): SpecFile[] {
  return parseSpecSources(
    listFiles(specDir, /\.ya?ml$/).map((fullPath) => ({
      file: relative(specDir, fullPath).split('\\').join('/'),
      text: readFileSync(fullPath, 'utf8'),
    })),
  );
}

/** Parses and schema-validates spec files given as text (tests pass fragments this way). */
export function parseSpecSources(sources: { file: string; text: string }[]): SpecFile[] {
  return sources.map(({ file, text }) => {
    const counter = new LineCounter();
    const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
    const firstError = doc.errors[0];
    if (firstError) {
      throw new SpecError(file, firstError.linePos?.[0]?.line ?? 1, '', firstError.message.split('\n')[0] ?? 'YAML error');
    }
    const data: unknown = doc.toJS();
    const lineOf = lineLocator(doc, counter);
    if (!validateFile(data)) {
      const error = validateFile.errors?.[0];
      const path = (error?.instancePath ?? '')
        .split('/')
        .slice(1)
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
      const where = error?.keyword === 'additionalProperties' ? [...path, String(error.params['additionalProperty'])] : path;
      const reason =
        error?.keyword === 'additionalProperties'
          ? `unknown key "${String(error.params['additionalProperty'])}"`
          : (error?.message ?? 'invalid');
      throw new SpecError(file, lineOf(where), where.join('.'), reason);
    }
    return { file, data: data as Record<string, unknown>, lineOf };
  });
}
