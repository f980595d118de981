/**
 * The generated forms (runtime/generated/forms.ts) carry message keys, not words: a property's
 * `title` is a key, and enum labels are looked up as `<field>.<value>` (`company_type.reseller`).
 * This puts the current language's words into the uiSchema (`ui:title`, `ui:enumNames`) and
 * leaves the JSON schema untouched: the precompiled validator only accepts the schema it was
 * compiled from. A key missing from the catalogue falls back to a readable form of the field
 * name or the raw value, never to the bare key. What the uiSchema already says wins.
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
    if (values && fieldUi['ui:enumNames'] === undefined) {
      fieldUi['ui:enumNames'] = Object.fromEntries(
        values.map((value) => {
          const key = `${field}.${String(value)}`;
          return [String(value), translator.has(key) ? translator.translate(key) : String(value)];
        }),
      );
    }
    if (isObject(property['properties'])) fieldUi = localiseObject(property, fieldUi, translator);
    const items = property['items'];
    if (isObject(items) && isObject(items['properties'])) {
      fieldUi['items'] = localiseObject(items, isObject(fieldUi['items']) ? fieldUi['items'] : {}, translator);
    }
    copy[field] = fieldUi;
  }
  return copy;
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
