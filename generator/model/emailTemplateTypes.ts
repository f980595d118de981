// What an e-mail template is checked with (generator/model/emailTemplates.ts): where it came from,
// the context it may use, the scope of a block, and how a value's type is named in a message.
import type { EmailField, EmailValueType, EnumDef } from './types';

export type Node = hbs.AST.Node;
export type Expression = hbs.AST.Expression;

/** Where a template came from: its file, or a YAML key's line for the one-line subject. */
export interface TemplateOrigin {
  file: string;
  /** Dotted spec path shown in errors (`emails.order_created.html`). */
  path: string;
  /** For a template inside a YAML file (the subject): every error is reported at this line. */
  fixedLine?: number;
  /** Added to every reason: a partial names the e-mail whose context it was checked against. */
  suffix?: string;
}

export interface TemplateCheck {
  origin: TemplateOrigin;
  source: string;
  /** The context's fields at the template's top level. */
  context: EmailField[];
  /** Partials this part offers (`{{#> layout}}`); inside a partial, `@partial-block` too. */
  partials: Set<string>;
  inPartial: boolean;
  enums: EnumDef[];
  /** The English catalogue: keys and their {{placeholders}}. */
  messages: Record<string, string>;
}

export interface Scope {
  type: EmailValueType;
  /** Block parameters (`as |line index|`) visible here. */
  locals: Map<string, EmailValueType>;
  /** @index, @first, @last inside #each. */
  data: Map<string, EmailValueType>;
  parent?: Scope;
}

/** What an expression gives: a context value's type, a literal, or text a helper made. */
export type Typed = { kind: 'value'; type: EmailValueType } | { kind: 'literal'; value: unknown } | { kind: 'text' };

export const INTEGER: EmailValueType = { kind: 'scalar', scalar: 'integer' };
export const BOOLEAN: EmailValueType = { kind: 'scalar', scalar: 'boolean' };

export const describe = (type: EmailValueType): string => {
  switch (type.kind) {
    case 'enum':
      return `a value of enum ${type.enumName}`;
    case 'list':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return (
        { money: 'an amount', date: 'a date', timestamp: 'a timestamp', boolean: 'true or false', integer: 'an integer' }[
          type.scalar as string
        ] ?? 'text'
      );
  }
};

/** How a value of this type is written, when it may not be written as it is. */
export function writeHint(type: EmailValueType, name: string): string | undefined {
  switch (type.kind) {
    case 'enum':
      return `is a value of enum ${type.enumName}: write its label, {{label "${type.enumName}" ${name}}}`;
    case 'list':
      return `is a list: write its items with {{#each ${name}}}…{{/each}}`;
    case 'object':
      return `is an object: write one of its fields (${type.fields.map((field) => field.name).join(', ')})`;
    default:
      return {
        money: `is an amount: write {{money ${name} <currency>}}`,
        date: `is a date: write {{date ${name}}}`,
        timestamp: `is a timestamp: write {{datetime ${name}}} (or {{date ${name}}} for its day)`,
        boolean: `is true or false: test it with {{#if ${name}}}`,
      }[type.scalar as string];
  }
}

export const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))].sort();

/** The line and reason of a Handlebars parse error ("Parse error on line 3: … Expecting …"). */
export function syntaxError(error: unknown): { line: number; reason: string } {
  const { message, lineNumber } = error as { message: string; lineNumber?: number };
  const line = lineNumber ?? Number(/on line (\d+)/.exec(message)?.[1] ?? 1);
  const detail = (message.split('\n').pop() ?? message).replace(/ - \d+:\d+$/, '');
  return { line, reason: `syntax error: ${detail}` };
}
