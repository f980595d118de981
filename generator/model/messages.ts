// The message catalogue: one file set per locale, every locale complete (000 §1, 002 §1), and a
// label for every enum value. Unlike the rest of the model builder, these checks collect every
// diagnostic before failing: a translator adding a batch of keys wants the whole list at once.
import { SpecError, SpecErrors, type SpecFile } from '../load/readSpec';
import type { EnumDef } from './types';

export type Catalogues = Record<string, Record<string, string>>;

/** The enum whose values are the product's locales: every one of them needs a catalogue. */
export const LOCALE_ENUM = 'locale';
const ENGLISH = 'en';

interface Definition {
  file: SpecFile;
  text: string;
}

/** messages/<locale>.yaml, or any file under messages/<locale>/ (one per area). */
function localeOf(file: string): string | undefined {
  return /^messages\/([a-z]{2})(\.ya?ml$|\/)/.exec(file)?.[1];
}

/** Where a key of an English file belongs in another locale: the same layout under its folder. */
function mirrorOf(englishFile: string, locale: string): string {
  return englishFile.replace(/^messages\/en(?=\.ya?ml$|\/)/, `messages/${locale}`);
}

function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))].sort();
}

function at(file: SpecFile, key: string | undefined, reason: string): SpecError {
  const path = key === undefined ? ['messages'] : ['messages', key];
  return new SpecError(file.file, file.lineOf(path), path.join('.'), reason);
}

/** Every key of every locale with the file that defines it; a key defined twice is a diagnostic. */
function readCatalogues(files: SpecFile[], errors: SpecError[]): Map<string, Map<string, Definition>> {
  const locales = new Map<string, Map<string, Definition>>();
  for (const file of files) {
    const entries = file.data['messages'] as Record<string, string> | undefined;
    if (!entries) continue;
    const locale = localeOf(file.file);
    if (!locale) {
      errors.push(at(file, undefined, 'messages belong in messages/<locale>.yaml or messages/<locale>/*.yaml'));
      continue;
    }
    const catalogue = locales.get(locale) ?? new Map<string, Definition>();
    locales.set(locale, catalogue);
    for (const [key, text] of Object.entries(entries)) {
      const earlier = catalogue.get(key);
      if (earlier) errors.push(at(file, key, `already defined in ${earlier.file.file}`));
      else catalogue.set(key, { file, text });
    }
  }
  return locales;
}

/**
 * The locales that must have a catalogue: the values of the `locale` enum when the spec has one,
 * else those that have files. English is always one of them.
 */
function requiredLocales(enums: EnumDef[], present: Iterable<string>): string[] {
  const declared = enums.find((candidate) => candidate.name === LOCALE_ENUM)?.values.map(String);
  return [...new Set([ENGLISH, ...(declared ?? present)])].sort();
}

/** One locale against English: keys missing, keys invented, placeholders changed. */
function compareWithEnglish(
  locale: string,
  catalogue: Map<string, Definition>,
  english: Map<string, Definition>,
  errors: SpecError[],
): void {
  for (const [key, source] of english) {
    const translation = catalogue.get(key);
    if (!translation) {
      errors.push(at(source.file, key, `missing in the ${locale} catalogue (add it to ${mirrorOf(source.file.file, locale)})`));
      continue;
    }
    const wanted = placeholdersOf(source.text);
    const found = placeholdersOf(translation.text);
    if (wanted.join() !== found.join()) {
      const list = (names: string[]) => (names.length === 0 ? 'none' : names.map((name) => `{{${name}}}`).join(', '));
      errors.push(at(translation.file, key, `placeholders ${list(found)} differ from the English ${list(wanted)}`));
    }
  }
  for (const [key, translation] of catalogue) {
    if (!english.has(key)) errors.push(at(translation.file, key, 'not in the English catalogue'));
  }
}

/** Every value of every enum is shown by its `<enum>.<VALUE>` label, so each needs one. */
function checkEnumLabels(files: SpecFile[], enums: EnumDef[], english: Map<string, Definition>, errors: SpecError[]): void {
  for (const file of files) {
    const declared = file.data['enums'] as Record<string, unknown[]> | undefined;
    for (const name of Object.keys(declared ?? {})) {
      const values = enums.find((candidate) => candidate.name === name)?.values ?? [];
      values.forEach((value, i) => {
        const key = `${name}.${String(value)}`;
        if (!english.has(key)) {
          errors.push(
            new SpecError(
              file.file,
              file.lineOf(['enums', name, i]),
              `enums.${name}.${i}`,
              `value "${String(value)}" has no label (add message ${key})`,
            ),
          );
        }
      });
    }
  }
}

/** Builds the catalogue of each locale; fails with every diagnostic found when any is incomplete. */
export function buildMessages(files: SpecFile[], enums: EnumDef[]): Catalogues {
  const errors: SpecError[] = [];
  const locales = readCatalogues(files, errors);
  const english = locales.get(ENGLISH);
  if (!english) throw new SpecError('messages/en.yaml', 1, 'messages', 'the English catalogue is required');
  const required = requiredLocales(enums, locales.keys());
  for (const locale of required) {
    if (!locales.has(locale))
      errors.push(
        new SpecError(`messages/${locale}.yaml`, 1, 'messages', `the ${locale} catalogue is missing (enum ${LOCALE_ENUM} lists ${locale})`),
      );
  }
  for (const [locale, catalogue] of locales) {
    if (locale === ENGLISH) continue;
    if (!required.includes(locale)) {
      const [first] = catalogue.values();
      if (first) errors.push(at(first.file, undefined, `locale "${locale}" is not a value of enum ${LOCALE_ENUM}`));
      continue;
    }
    compareWithEnglish(locale, catalogue, english, errors);
  }
  checkEnumLabels(files, enums, english, errors);
  SpecErrors.throwIfAny(errors);
  return Object.fromEntries(
    [...locales]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([locale, catalogue]) => [locale, Object.fromEntries([...catalogue].map(([key, { text }]) => [key, text]))]),
  );
}
