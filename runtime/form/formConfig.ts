import { forms, type FormName } from '../generated/forms';
import type { Guard } from '../session/guard';

/** What a generated form screen says about saving through the API (runtime/generated/forms.ts). */
export interface FormConfig {
  /** POST here to create; then open `route` with the new record's id. */
  create?: { path: string; route: string };
  /** PUT here (`/productgroups/{id}`) to update, with If-Match: the ETag of the record as `etagFrom` answers it. */
  update?: { path: string; etagFrom?: string };
  /** A field whose change empties others (`organisation_to` → the recipient's name and e-mail). */
  clears?: Record<string, readonly string[]>;
  /** A new record's first values: message keys (see prefillValues). */
  prefill?: Record<string, string>;
  /** GET here (`/roles/{id}`, the route's :id) for the record a new one starts from (see recordPrefill). */
  prefillFrom?: { path: string };
  /** The heading's message key; a generic "new" without it. */
  title?: string;
  /** Fields only users passing the guard see (see guardedForm). */
  guards?: Record<string, Guard>;
  schema: { properties: Record<string, unknown> };
  /** The alerts after Save (message keys): success names the saved record, failure the one typed. */
  success?: string;
  failure?: string;
}

export function formConfig(name: FormName): FormConfig {
  // The generated literal is a union of readonly shapes; this is the part every form shares.
  return forms[name] as unknown as FormConfig;
}

/** A reference the API answers expanded (`{ id, name }`) is its id in a form, as the input takes it. */
function asInput(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'number' ? id : value;
}

/** The form's own fields of a record (the API answers an id and more; the input schema refuses them). */
export function formFields(config: FormConfig, record: unknown): Record<string, unknown> {
  const source = (record ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(config.schema.properties)
      .filter((name) => name in source)
      .map((name) => [name, asInput(source[name])]),
  );
}
