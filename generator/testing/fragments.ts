import { parse } from 'yaml';
import { parseSpecSources, SpecError } from '../load/readSpec';
import { buildModel } from '../model/buildModel';
import type { Model } from '../model/types';

/**
 * Organisations and their things (shared or not, with a status) and the get of a thing within the
 * caller's tree: a spec fragment for tests of access and authorization, ending in its operations.
 */
export const ORGANISATION_THINGS = [
  'permissions:',
  '  - { name: "thing:view" }',
  'entities:',
  '  organisation:',
  '    table: organisations',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 50, required: true }',
  '  thing:',
  '    table: things',
  '    fields:',
  '      id: { type: id }',
  '      organisation: { type: ref, to: organisation, required: true }',
  '      shared: { type: boolean, default: false }',
  '      status: { type: string, max: 10, required: true }',
  'schemas:',
  '  Thing: { from: thing, fields: [id, status] }',
  'operations:',
  '  getThing:',
  '    method: get',
  '    path: /things/{id}',
  '    auth: session',
  '    permission: thing:view',
  '    generic: { get: thing, schema: Thing, scope: { tree: organisation } }',
  '    response: Thing',
].join('\n');

/** The smallest valid spec: the English catalogue is required. */
export const MINIMAL_MESSAGES = { file: 'messages/en.yaml', text: 'messages:\n  crumb.home: Home\n' };

/**
 * A catalogue file labelling every enum value of the fragments that their English messages leave
 * unlabelled, so a fragment about something else need not spell its enum labels out.
 */
function enumLabels(sources: { file: string; text: string }[]): { file: string; text: string } | undefined {
  const documents = sources.map(({ file, text }) => ({
    file,
    data: (parse(text) ?? {}) as Record<string, Record<string, unknown> | undefined>,
  }));
  const english = new Set(
    documents.filter(({ file }) => /^messages\/en(\.ya?ml$|\/)/.test(file)).flatMap(({ data }) => Object.keys(data['messages'] ?? {})),
  );
  const lines = documents.flatMap(({ data }) =>
    Object.entries((data['enums'] ?? {}) as Record<string, unknown[]>).flatMap(([name, values]) =>
      values
        .map((value) => `${name}.${String(value)}`)
        .filter((key) => !english.has(key))
        .map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(key)}\n`),
    ),
  );
  return lines.length === 0 ? undefined : { file: 'messages/en/enum_labels.yaml', text: `messages:\n${lines.join('')}` };
}

/**
 * A model from YAML fragments keyed by file name, plus the minimal catalogue and the labels of
 * the fragments' enums (`labelEnums: false` leaves them out, for the label checks' own tests).
 */
export function modelOf(files: Record<string, string>, { labelEnums = true }: { labelEnums?: boolean } = {}): Model {
  // Templates (.hbs) are text the model builder parses itself; the rest is YAML.
  const templates = Object.entries(files)
    .filter(([file]) => file.endsWith('.hbs'))
    .map(([file, text]) => ({ file, text }));
  const sources = Object.entries(files)
    .filter(([file]) => !file.endsWith('.hbs'))
    .map(([file, text]) => ({ file, text }));
  if (!files['messages/en.yaml']) sources.push(MINIMAL_MESSAGES);
  // A fragment with a YAML error keeps its own error: labels are only added to parseable ones.
  const labels = labelEnums ? safely(() => enumLabels(sources)) : undefined;
  if (labels) sources.push(labels);
  return buildModel(parseSpecSources(sources), templates);
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The message of the SpecError that building throws ("no error" when it builds); other errors propagate. */
export function specErrorOf(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    if (error instanceof SpecError) return error.message;
    throw error;
  }
  return 'no error';
}

/** The SpecError message of a model built from YAML fragments, as modelOf takes them. */
export const modelErrorOf = (files: Record<string, string>, options?: { labelEnums?: boolean }): string =>
  specErrorOf(() => modelOf(files, options));
