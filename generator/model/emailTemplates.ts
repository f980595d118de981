// Checks an e-mail template against its declared context, so a product owner's edit fails
// `hub generate` with file:line rather than an e-mail: a syntax error, an unknown helper or
// partial, a variable the context does not provide, a value written without the helper its type
// needs (money, dates, enum labels), a catalogue key that does not exist or is given other
// placeholders than it has, and unescaped output ({{{…}}}).
import Handlebars from 'handlebars';
import { SpecError } from '../load/readSpec';
import { BLOCK_HELPERS, EMAIL_HELPERS } from './emailContext';
import type { EmailValueType } from './types';
import {
  BOOLEAN,
  describe,
  INTEGER,
  placeholdersOf,
  syntaxError,
  writeHint,
  type Expression,
  type Node,
  type Scope,
  type TemplateCheck,
  type Typed,
} from './emailTemplateTypes';

export type { TemplateCheck, TemplateOrigin } from './emailTemplateTypes';

export class TemplateChecker {
  readonly errors: SpecError[] = [];
  /** Catalogue keys the template uses: `t` keys and the labels of the enums `label` writes. */
  readonly messageKeys = new Set<string>();
  /** The partials it calls, each to be checked against this template's context. */
  readonly partialsUsed = new Set<string>();

  constructor(private readonly check: TemplateCheck) {}

  run(): void {
    let program: hbs.AST.Program;
    try {
      program = Handlebars.parse(this.check.source);
    } catch (error) {
      const { line, reason } = syntaxError(error);
      this.fail(line, reason);
      return;
    }
    this.program(program, { type: { kind: 'object', fields: this.check.context }, locals: new Map(), data: new Map() });
  }

  private fail(line: number, reason: string): void {
    const { origin } = this.check;
    this.errors.push(new SpecError(origin.file, origin.fixedLine ?? line, origin.path, `${reason}${origin.suffix ?? ''}`));
  }

  private failAt(node: Node, reason: string): void {
    this.fail(node.loc?.start.line ?? 1, reason);
  }

  private program(program: hbs.AST.Program | undefined, scope: Scope): void {
    for (const statement of program?.body ?? []) this.statement(statement, scope);
  }

  private statement(node: Node, scope: Scope): void {
    switch (node.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement':
        return this.mustache(node as hbs.AST.MustacheStatement, scope);
      case 'BlockStatement':
        return this.block(node as hbs.AST.BlockStatement, scope);
      case 'PartialStatement':
      case 'PartialBlockStatement':
        return this.partial(node as hbs.AST.PartialBlockStatement, scope, node.type === 'PartialBlockStatement');
      default:
        return this.failAt(node, 'decorators are not supported in e-mail templates');
    }
  }

  private mustache(node: hbs.AST.MustacheStatement, scope: Scope): void {
    if (!node.escaped) this.failAt(node, '{{{…}}} writes a value unescaped: use {{…}}, which escapes it');
    if (node.path.type !== 'PathExpression') return this.failAt(node, 'write text as it is, not in {{…}}');
    const path = node.path as hbs.AST.PathExpression;
    if (this.isHelper(path)) {
      this.helper(path, node.params, node.hash, scope);
      return;
    }
    if (node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0) return this.unknownHelper(path);
    const type = this.resolve(path, scope);
    if (!type) return;
    const hint = writeHint(type, path.original);
    if (hint) this.failAt(node, `"${path.original}" ${hint}`);
  }

  /** A call of one of the helpers (`{{t …}}`, `(money …)`), not a variable of that name: helpers come first, as in Handlebars. */
  private isHelper(path: hbs.AST.PathExpression): boolean {
    const simple = !path.data && path.depth === 0 && path.parts.length === 1 && !/^(this|\.)/.test(path.original);
    return simple && ([...EMAIL_HELPERS, ...BLOCK_HELPERS] as readonly string[]).includes(path.original);
  }

  private unknownHelper(path: hbs.AST.PathExpression): void {
    this.failAt(path, `unknown helper "${path.original}" (helpers: ${EMAIL_HELPERS.join(', ')})`);
  }

  /** An inline helper (`{{t …}}`, `(money …)`); what it gives is text. */
  private helper(path: hbs.AST.PathExpression, params: Expression[], hash: hbs.AST.Hash | undefined, scope: Scope): Typed | undefined {
    const name = path.original;
    if ((BLOCK_HELPERS as readonly string[]).includes(name)) {
      this.failAt(path, `"${name}" is a block helper: {{#${name} …}}…{{/${name}}}`);
      return undefined;
    }
    const args = params.map((param) => this.expression(param, scope));
    const arity = { t: 1, money: 2, date: 1, datetime: 1, number: 1, label: 2 }[name as (typeof EMAIL_HELPERS)[number]];
    if (params.length !== arity) {
      this.failAt(path, `${name} takes ${arity} argument${arity === 1 ? '' : 's'}, not ${params.length}`);
      return undefined;
    }
    if (name !== 't' && (hash?.pairs.length ?? 0) > 0) this.failAt(path, `${name} takes no named arguments`);
    const [first, second] = args;
    const is = (typed: Typed | undefined, test: (type: EmailValueType) => boolean) => typed?.kind === 'value' && test(typed.type);
    const scalarOf = (typed: Typed | undefined) =>
      typed?.kind === 'value' && typed.type.kind === 'scalar' ? typed.type.scalar : undefined;
    const wrong = (i: number, wanted: string) => {
      const typed = args[i];
      if (typed === undefined) return; // already reported
      const what = typed.kind === 'value' ? describe(typed.type) : typed.kind === 'literal' ? 'a literal' : 'text';
      this.failAt(params[i]!, `${name} takes ${wanted}, not ${what} ("${(params[i] as hbs.AST.PathExpression).original ?? ''}")`);
    };
    switch (name) {
      case 't':
        this.translation(path, params[0]!, hash, scope);
        break;
      case 'money':
        if (scalarOf(first) !== 'money') wrong(0, 'an amount');
        if (!(
          is(second, (type) => type.kind === 'enum' || (type.kind === 'scalar' && type.scalar === 'string')) ||
          (second?.kind === 'literal' && typeof second.value === 'string')
        )) {
          wrong(1, 'a currency (a value of enum currency, or "GBP")');
        }
        break;
      case 'date':
        if (scalarOf(first) !== 'date' && scalarOf(first) !== 'timestamp') wrong(0, 'a date or a timestamp');
        break;
      case 'datetime':
        if (scalarOf(first) !== 'timestamp') wrong(0, 'a timestamp');
        break;
      case 'number':
        if (scalarOf(first) !== 'integer') wrong(0, 'an integer');
        break;
      case 'label':
        this.label(params, args);
        break;
    }
    return { kind: 'text' };
  }

  /** `{{t "key" name=value}}`: the key is in the catalogue, and the named values are its placeholders. */
  private translation(path: hbs.AST.PathExpression, key: Expression, hash: hbs.AST.Hash | undefined, scope: Scope): void {
    const pairs = hash?.pairs ?? [];
    for (const pair of pairs) {
      const typed = this.expression(pair.value, scope);
      const original = (pair.value as hbs.AST.PathExpression).original;
      const hint = typed?.kind === 'value' ? writeHint(typed.type, original) : undefined;
      if (hint) this.failAt(pair.value, `"${original}" ${hint}`);
    }
    if (key.type !== 'StringLiteral')
      return this.failAt(path, 't takes the catalogue key as a quoted string: {{t "mail.greeting" name=recipient.name}}');
    const name = (key as hbs.AST.StringLiteral).value;
    const text = this.check.messages[name];
    if (text === undefined) return this.failAt(key, `unknown message "${name}" (add it to the catalogue in every locale)`);
    this.messageKeys.add(name);
    const wanted = placeholdersOf(text);
    const given = pairs.map((pair) => pair.key).sort();
    if (wanted.join() !== given.join()) {
      const list = (names: string[]) => (names.length === 0 ? 'none' : names.join(', '));
      this.failAt(key, `message "${name}" has the placeholders ${list(wanted)}; given ${list(given)}`);
    }
  }

  /** `{{label "order_status" order.status}}`: an enum of the spec, and a value of that enum. */
  private label(params: Expression[], args: (Typed | undefined)[]): void {
    const [enumParam, valueParam] = params as [Expression, Expression];
    if (enumParam.type !== 'StringLiteral')
      return this.failAt(enumParam, 'label takes the enum\'s name as a quoted string: {{label "order_status" order.status}}');
    const enumName = (enumParam as hbs.AST.StringLiteral).value;
    const found = this.check.enums.find((candidate) => candidate.name === enumName);
    if (!found) return this.failAt(enumParam, `unknown enum "${enumName}"`);
    const value = args[1];
    if (value?.kind === 'value' && !(value.type.kind === 'enum' && value.type.enumName === enumName)) {
      this.failAt(valueParam, `label "${enumName}" takes a value of enum ${enumName}, not ${describe(value.type)}`);
    }
    for (const item of found.values) this.messageKeys.add(`${enumName}.${String(item)}`);
  }

  private expression(node: Expression, scope: Scope): Typed | undefined {
    switch (node.type) {
      case 'PathExpression': {
        const type = this.resolve(node as hbs.AST.PathExpression, scope);
        return type && { kind: 'value', type };
      }
      case 'SubExpression': {
        const sub = node as hbs.AST.SubExpression;
        if (!this.isHelper(sub.path)) {
          this.unknownHelper(sub.path);
          return undefined;
        }
        return this.helper(sub.path, sub.params, sub.hash, scope);
      }
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
        return { kind: 'literal', value: (node as hbs.AST.StringLiteral).value };
      default:
        return { kind: 'literal', value: null };
    }
  }

  private block(node: hbs.AST.BlockStatement, scope: Scope): void {
    const name = node.path.original;
    if (!(BLOCK_HELPERS as readonly string[]).includes(name)) {
      this.failAt(
        node,
        (EMAIL_HELPERS as readonly string[]).includes(name)
          ? `"${name}" is not a block helper: {{${name} …}}`
          : `unknown block helper "${name}" (block helpers: ${BLOCK_HELPERS.join(', ')})`,
      );
      return;
    }
    if (node.params.length !== 1) return this.failAt(node, `#${name} takes one value, not ${node.params.length}`);
    if (node.hash?.pairs.length) this.failAt(node, `#${name} takes no named arguments`);
    const typed = this.expression(node.params[0]!, scope);
    const blockParams = node.program.blockParams ?? [];
    const subject = (node.params[0] as hbs.AST.PathExpression).original;
    if (name === 'each') {
      if (typed && !(typed.kind === 'value' && typed.type.kind === 'list')) {
        this.failAt(node, `#each takes a list, not ${typed.kind === 'value' ? describe(typed.type) : 'a literal'} ("${subject}")`);
      } else if (typed?.kind === 'value' && typed.type.kind === 'list') {
        if (blockParams.length > 2) this.failAt(node, '#each names at most its item and its index: as |item index|');
        const item = typed.type.items;
        const locals = new Map<string, EmailValueType>();
        if (blockParams[0]) locals.set(blockParams[0], item);
        if (blockParams[1]) locals.set(blockParams[1], INTEGER);
        const data = new Map<string, EmailValueType>([
          ['index', INTEGER],
          ['first', BOOLEAN],
          ['last', BOOLEAN],
        ]);
        this.program(node.program, { type: item, locals, data, parent: scope });
      }
    } else if (name === 'with') {
      if (typed && !(typed.kind === 'value' && typed.type.kind === 'object')) {
        this.failAt(node, `#with takes an object, not ${typed.kind === 'value' ? describe(typed.type) : 'a literal'} ("${subject}")`);
      } else if (typed?.kind === 'value') {
        if (blockParams.length > 1) this.failAt(node, '#with names one value: as |value|');
        const locals = new Map<string, EmailValueType>(blockParams[0] ? [[blockParams[0], typed.type]] : []);
        this.program(node.program, { type: typed.type, locals, data: new Map(), parent: scope });
      }
    } else {
      if (blockParams.length > 0) this.failAt(node, `#${name} names no values`);
      this.program(node.program, scope);
    }
    this.program(node.inverse, scope);
  }

  private partial(node: hbs.AST.PartialBlockStatement, scope: Scope, isBlock: boolean): void {
    const name = node.name.type === 'PathExpression' ? (node.name as hbs.AST.PathExpression).original : undefined;
    if (name === undefined) return this.failAt(node, 'a partial is named as it is: {{#> layout}}');
    if (node.params.length > 0 || node.hash?.pairs.length)
      this.failAt(node, `the partial "${name}" takes no arguments: it sees the e-mail's context`);
    if (name === '@partial-block') {
      if (!this.check.inPartial) this.failAt(node, '@partial-block belongs in a partial');
    } else if (!this.check.partials.has(name)) {
      const known = [...this.check.partials].sort();
      this.failAt(node, `unknown partial "${name}"${known.length > 0 ? ` (partials: ${known.join(', ')})` : ''}`);
    } else {
      this.partialsUsed.add(name);
    }
    // A partial is checked against the context of each e-mail using it: it must see that, not an #each item.
    if (scope.parent) this.failAt(node, `the partial "${name}" is used inside #each or #with, where it would not see the e-mail's context`);
    if (isBlock) this.program(node.program, scope);
  }

  /** The type a path names, or undefined (reported) when the context does not provide it. */
  private resolve(path: hbs.AST.PathExpression, scope: Scope): EmailValueType | undefined {
    const parts = [...path.parts];
    let type: EmailValueType | undefined;
    let walked: string[] = [];
    if (path.data) {
      const name = parts.shift()!;
      if (name === 'root') {
        let root = scope;
        while (root.parent) root = root.parent;
        type = root.type;
        walked = ['@root'];
      } else {
        for (let at: Scope | undefined = scope; at && !type; at = at.parent) type = at.data.get(name);
        if (!type) {
          this.failAt(path, `"@${name}" is not available here (@index, @first and @last are, inside #each; @root everywhere)`);
          return undefined;
        }
        walked = [`@${name}`];
      }
    } else {
      let at: Scope | undefined = scope;
      for (let depth = path.depth; depth > 0 && at; depth--) at = at.parent;
      if (!at) {
        this.failAt(path, `"${path.original}" climbs above the template's context`);
        return undefined;
      }
      const scoped = /^(this|\.)/.test(path.original);
      if (!scoped && path.depth === 0 && parts.length > 0) {
        for (let local: Scope | undefined = scope; local && !type; local = local.parent) type = local.locals.get(parts[0]!);
        if (type) walked = [parts.shift()!];
      }
      type ??= at.type;
    }
    return this.walk(path, type, parts, walked);
  }

  /** Follows the path's remaining parts through objects' fields. */
  private walk(path: hbs.AST.PathExpression, start: EmailValueType, parts: string[], walked: string[]): EmailValueType | undefined {
    let type = start;
    for (const part of parts) {
      if (type.kind !== 'object') {
        this.failAt(path, `"${path.original}": ${walked.join('.') || 'this'} is ${describe(type)}, which has no field "${part}"`);
        return undefined;
      }
      const field = type.fields.find((candidate) => candidate.name === part);
      if (!field) {
        const where = walked.length > 0 ? walked.join('.') : 'the context';
        this.failAt(
          path,
          `"${path.original}" is not in the e-mail's context: ${where} has ${type.fields.map((candidate) => candidate.name).join(', ')}`,
        );
        return undefined;
      }
      type = field.type;
      walked.push(part);
    }
    return type;
  }
}
