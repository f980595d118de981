import { auditFields } from '../generated/auditFields';
import { formatDateTime } from '../format/dates';
import { formatMoney } from '../format/money';
import type { CellContext } from '../list/cellFormat';
import type { AuditField } from './auditField';
import { humanise } from './recordFields';

const EMPTY = '—';

/** An audit entry's change: the field's name and its values as the server kept them (text). */
type Change = {
  field: unknown;
  old_value: unknown;
  new_value: unknown;
};

export const isChange = (item: unknown): item is Change =>
  item !== null && typeof item === 'object' && 'field' in item && 'old_value' in item && 'new_value' in item;

/**
 * One value of a change as the record screen shows the field (issue 22 item 15): an enum by its
 * label, a list of them by theirs, yes/no, money in the record's currency, an instant in the
 * user's zone; a reference arrives as the name it had. Entries written before instants were kept
 * as ISO text hold milliseconds: those are read as the instant they are.
 */
export function auditValue(meta: AuditField | undefined, value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const text = String(value);
  switch (meta?.type) {
    case 'enum':
      return context.message(`${meta.enum}.${text}`) ?? text;
    case 'enum_list': {
      const values = parsedList(text);
      return values ? values.map((item) => context.message(`${meta.enum}.${item}`) ?? item).join(', ') || EMPTY : text;
    }
    case 'boolean':
      return text === 'true' ? (context.message('list.yes') ?? text) : text === 'false' ? (context.message('list.no') ?? text) : text;
    case 'money':
      return formatMoney(text, context.currency) ?? text;
    case 'timestamp':
      return formatDateTime(/^\d{10,}$/.test(text) ? new Date(Number(text)).toISOString() : text, context.timezone);
    default:
      return text;
  }
}

function parsedList(text: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/** The label of a changed field: its entity's (generated from the spec), else the shared `fields.<name>`. */
export function auditLabel(entityType: string, field: string, context: CellContext): string {
  const key = auditFields[entityType]?.[field]?.label ?? `fields.${field}`;
  return context.message(key) ?? humanise(field);
}

/** An audit entry's changes as a small table: field label, before, after. */
export function auditChanges(
  entityType: string,
  changes: readonly Change[],
  context: CellContext,
): { columns: string[]; rows: string[][] } {
  const fields = auditFields[entityType] ?? {};
  return {
    columns: ['audit.field', 'audit.old_value', 'audit.new_value'].map((key) => context.message(key) ?? key),
    rows: changes.map((change) => {
      const field = String(change.field);
      return [
        auditLabel(entityType, field, context),
        auditValue(fields[field], change.old_value, context),
        auditValue(fields[field], change.new_value, context),
      ];
    }),
  };
}
