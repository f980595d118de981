import type { MessageKey } from '../generated/messages';

/**
 * The generated forms (runtime/generated/forms.ts) carry message keys, not words: a property's
 * `title` is a key, and each enum choice is labelled by the key the generator put in
 * `ui:enumNames` (`enabled_status.ENABLED`), or else by `<field>.<value>` (`company_type.reseller`).
 * This puts the current language's words into the uiSchema (`ui:title`, `ui:enumNames`) and
 * leaves the JSON schema untouched: the precompiled validator only accepts the schema it was
 * compiled from. A key missing from the catalogue falls back to a readable form of the field
 * name or the raw value, never to the bare key; the empty choice of an optional enum (null)
 * reads `form.none`. A title or label the uiSchema gives in words is kept.
 */
export interface Translator {
  has: (key: string) => boolean;
  translate: (key: string) => string;
}

type JsonObject = { [key: string]: unknown };

export function localiseUiSchema<UiSchema extends object>(schema: unknown, uiSchema: UiSchema, translator: Translator): UiSchema {
  return localiseObject(schema, uiSchema as JsonObject, translator) as UiSchema;
}

function localiseObject(schema: unknown, uiSchema: JsonObject, translator: Translator): JsonObject {
  if (!isObject(schema) || !isObject(schema['properties'])) return uiSchema;
  const copy: JsonObject = { ...uiSchema };
  for (const [field, property] of Object.entries(schema['properties'])) {
    if (!isObject(property)) continue;
    let fieldUi: JsonObject = isObject(copy[field]) ? { ...copy[field] } : {};
    if (fieldUi['ui:title'] === undefined) fieldUi['ui:title'] = label(property['title'], field, translator);
    const values = enumValues(property);
    if (values && !Array.isArray(fieldUi['ui:enumNames']))
      fieldUi['ui:enumNames'] = choiceLabels(values, field, fieldUi['ui:enumNames'], translator);
    if (isObject(property['properties'])) fieldUi = localiseObject(property, fieldUi, translator);
    const items = property['items'];
    if (isObject(items) && isObject(items['properties'])) {
      fieldUi['items'] = localiseObject(items, isObject(fieldUi['items']) ? fieldUi['items'] : {}, translator);
    }
    copy[field] = fieldUi;
  }
  return copy;
}

/** The empty choice of an optional enum. */
export const NONE_KEY: MessageKey = 'form.none';

/** Each enum value's words, keyed by the value as rjsf looks it up (`String(value)`). */
function choiceLabels(values: readonly unknown[], field: string, given: unknown, translator: Translator): Record<string, string> {
  const keys = isObject(given) ? given : {};
  return Object.fromEntries(
    values.map((value) => {
      const named = keys[String(value)];
      const key = typeof named === 'string' ? named : value === null ? NONE_KEY : `${field}.${String(value)}`;
      const fallback = typeof named === 'string' && !translator.has(named) ? named : String(value);
      return [String(value), translator.has(key) ? translator.translate(key) : fallback];
    }),
  );
}

function label(title: unknown, field: string, translator: Translator): string {
  if (typeof title === 'string' && translator.has(title)) return translator.translate(title);
  // A dotted key without a translation, or no title: the field name in words.
  if (typeof title !== 'string' || /^[\w-]+(\.[\w -]+)+$/u.test(title)) return humanise(field);
  return title;
}

/** `first_name` → `First name`. */
export function humanise(name: string): string {
  const words = name.replace(/[_-]+/gu, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function enumValues(property: JsonObject): readonly unknown[] | undefined {
  if (Array.isArray(property['enum'])) return property['enum'];
  const items = property['items'];
  if (isObject(items) && Array.isArray(items['enum'])) return items['enum'];
  return undefined;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
