import type { EmailField, EmailValueType, Model } from '../model/types';
import { GENERATED_HEADER, literal } from './header';

/** The TypeScript type of a context value: what the server must fill in. */
function tsType(type: EmailValueType, indent: string): string {
  switch (type.kind) {
    case 'enum':
      return type.values.map((value) => JSON.stringify(value)).join(' | ');
    case 'list': {
      const items = tsType(type.items, indent);
      return /[|{]/.test(items) && type.items.kind !== 'object' ? `(${items})[]` : `${items}[]`;
    }
    case 'object':
      return tsObject(type.fields, indent);
    default:
      return type.scalar === 'integer' ? 'number' : type.scalar === 'boolean' ? 'boolean' : 'string';
  }
}

function tsObject(fields: EmailField[], indent: string): string {
  const inner = `${indent}  `;
  const lines = fields.map((field) => `${inner}${field.name}: ${tsType(field.type, inner)}${field.nullable ? ' | null' : ''};`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * server/generated/emails.ts: every e-mail's templates as the spec holds them (checked by hub
 * generate), the type of each one's context (so the code filling it is type-checked against the
 * declaration), the partials of each part, and the samples the preview renders. The server
 * compiles the templates once, on first use (server/integrations/emails/).
 */
export function emitEmails(model: Model): string {
  const { common, emails, partials } = model.emails;
  const templates = Object.fromEntries(
    emails.map((email) => [
      email.name,
      { label: email.label, description: email.description, subject: email.subject, html: email.html.source, text: email.text.source },
    ]),
  );
  const partialsOf = (part: 'html' | 'text') =>
    Object.fromEntries(partials.filter((partial) => partial.part === part).map((partial) => [partial.name, partial.source]));
  const contexts = emails.map((email) => `  ${email.name}: ${tsObject(email.context, '  ')};`);
  return [
    GENERATED_HEADER,
    '',
    '/** What every e-mail gets besides its own context (docs/spec.md "emails"). */',
    `export type EmailCommonContext = ${tsObject(common, '')};`,
    '',
    "/** Each e-mail's own context, as spec/emails declares it. */",
    `export interface EmailContexts {`,
    ...contexts,
    '}',
    '',
    'export type EmailName = keyof EmailContexts;',
    '',
    `export const emailNames = ${literal(emails.map((email) => email.name))} as const satisfies readonly EmailName[];`,
    '',
    'export interface EmailTemplate {',
    '  /** Catalogue key naming the e-mail (the preview page). */',
    '  label: string;',
    '  description: string;',
    '  subject: string;',
    '  html: string;',
    '  text: string;',
    '}',
    '',
    `export const emailTemplates: { readonly [N in EmailName]: EmailTemplate } = ${literal(templates)};`,
    '',
    '/** Partials by part: an HTML template uses the HTML ones, the plain-text template the others. */',
    `export const emailPartials: { readonly html: Readonly<Record<string, string>>; readonly text: Readonly<Record<string, string>> } = ${literal({ html: partialsOf('html'), text: partialsOf('text') })};`,
    '',
    '/** The sample context of each e-mail, as the spec gives it: the preview renders it. */',
    `export const emailSamples: { readonly [N in EmailName]: EmailContexts[N] } = ${literal(Object.fromEntries(emails.map((email) => [email.name, email.sample])))};`,
    '',
  ].join('\n');
}
