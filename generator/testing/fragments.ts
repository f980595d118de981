import { parseSpecSources, SpecError } from '../load/readSpec';
import { buildModel } from '../model/buildModel';
import type { Model } from '../model/types';

/** The smallest valid spec: the English catalogue is required. */
export const MINIMAL_MESSAGES = { file: 'messages/en.yaml', text: 'messages:\n  crumb.home: Home\n' };

/** A model from YAML fragments keyed by file name, plus the minimal catalogue. */
export function modelOf(files: Record<string, string>): Model {
  const sources = Object.entries(files).map(([file, text]) => ({ file, text }));
  if (!files['messages/en.yaml']) sources.push(MINIMAL_MESSAGES);
  return buildModel(parseSpecSources(sources));
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
export const modelErrorOf = (files: Record<string, string>): string => specErrorOf(() => modelOf(files));
