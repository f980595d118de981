import { formatDate, formatDateTime } from '../format/dates';
import { formatMoney } from '../format/money';
import type { CellContext } from '../list/cellFormat';

/** The part of JSON Schema the generator emits for API schemas (runtime/generated/screens.ts). */
export interface JsonSchema {
  type?: string | readonly string[];
  $ref?: string;
  anyOf?: readonly JsonSchema[];
  properties?: Readonly<Record<string, JsonSchema>>;
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  enum?: readonly unknown[];
  title?: string;
  /** The enum whose `<enum>.<VALUE>` messages label the values (a generator display hint). */
  'x-enum'?: string;
  /** `money`: shown in the record's currency (a generator display hint). */
  'x-format'?: string;
  /** The route of the schema's entity's page (a generator display hint): a reference to it links there. */
  'x-route'?: string;
}

export type Definitions = Readonly<Record<string, JsonSchema>>;

export type RecordValue =
  /** `link`: a reference's page, shown as a link to viewers who may open it (ReferenceLink). */
  | { kind: 'text'; text: string; link?: { route: string; id: number } }
  | { kind: 'object'; entries: RecordEntry[] }
  | { kind: 'table'; columns: { name: string; label: string }[]; rows: RecordValue[][] }
  | { kind: 'list'; items: RecordValue[] };

export interface RecordEntry {
  name: string;
  label: string;
  value: RecordValue;
}

/** Follows `$ref` into the definitions and picks the non-null branch of a nullable `anyOf`. */
export function resolveSchema(schema: JsonSchema, definitions: Definitions): JsonSchema {
  if (schema.$ref) {
    const target = definitions[schema.$ref.replace('#/definitions/', '')];
    return target ? resolveSchema(target, definitions) : {};
  }
  const branch = schema.anyOf?.find((candidate) => candidate.type !== 'null');
  return branch ? resolveSchema(branch, definitions) : schema;
}

/** `start_date` → `Start date`: the label of a property without a title. */
export function humanise(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A property's label: its title from the catalogue (a message key) in the user's language, else its name made readable. */
function labelText(title: string | undefined, name: string, context: CellContext): string {
  return (title && context.message(title)) ?? title ?? humanise(name);
}

/** The properties a reference to another record carries (OrganisationRef, UserRef…). */
const REFERENCE_PROPERTIES = new Set(['id', 'name', 'depth', 'parent']);

/** A reference (id and name, perhaps its place in the tree) shows as the name of what it points at. */
function isReference(schema: JsonSchema): boolean {
  const names = Object.keys(schema.properties ?? {});
  return names.includes('id') && names.includes('name') && names.every((name) => REFERENCE_PROPERTIES.has(name));
}

const EMPTY = '—';

function scalarText(schema: JsonSchema, value: unknown, currency: string, context: CellContext): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return context.message(value ? 'list.yes' : 'list.no') ?? String(value);
  const text = String(value);
  if (schema.format === 'date') return formatDate(text);
  if (schema.format === 'date-time') return formatDateTime(text, context.timezone);
  if (schema['x-format'] === 'money') return formatMoney(text, currency) ?? text;
  if (schema['x-enum']) return context.message(`${schema['x-enum']}.${text}`) ?? text;
  return text;
}

function objectEntries(
  schema: JsonSchema,
  value: Readonly<Record<string, unknown>>,
  definitions: Definitions,
  context: CellContext,
): RecordEntry[] {
  const currency = typeof value.currency === 'string' && value.currency ? value.currency : context.currency;
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    label: labelText(property.title, name, context),
    value: describeValue(property, value[name], definitions, context, currency),
  }));
}

/**
 * What a value of the schema looks like read-only: text for scalars (money in the record's
 * currency, dates, instants in the user's zone, enum labels, yes/no) and references (their
 * name), nested entries for other objects, a table for arrays of objects, a list for other arrays.
 */
export function describeValue(
  rawSchema: JsonSchema,
  value: unknown,
  definitions: Definitions,
  context: CellContext,
  currency: string = context.currency,
): RecordValue {
  const schema = resolveSchema(rawSchema, definitions);
  if (schema.properties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const name = (value as { name?: unknown }).name;
    if (isReference(schema)) {
      if (typeof name !== 'string' || !name) return { kind: 'text', text: EMPTY };
      const id = (value as { id?: unknown }).id;
      return schema['x-route'] && typeof id === 'number'
        ? { kind: 'text', text: name, link: { route: schema['x-route'], id } }
        : { kind: 'text', text: name };
    }
    return { kind: 'object', entries: objectEntries(schema, value as Record<string, unknown>, definitions, context) };
  }
  if (Array.isArray(value)) {
    const items = schema.items ? resolveSchema(schema.items, definitions) : {};
    if (items.properties) {
      const columns = Object.entries(items.properties).map(([name, property]) => ({
        name,
        label: labelText(property.title, name, context),
      }));
      const rows = value.map((row: unknown) => {
        const record = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
        const rowCurrency = typeof record.currency === 'string' && record.currency ? record.currency : currency;
        return columns.map(({ name }) => describeValue(items.properties![name]!, record[name], definitions, context, rowCurrency));
      });
      return { kind: 'table', columns, rows };
    }
    // An enum list's label hint sits on the array: each item is labelled by it.
    const itemSchema = schema['x-enum'] && !items['x-enum'] ? { ...items, 'x-enum': schema['x-enum'] } : items;
    return { kind: 'list', items: value.map((item: unknown) => describeValue(itemSchema, item, definitions, context, currency)) };
  }
  return { kind: 'text', text: scalarText(schema, value, currency, context) };
}
