// The e-mails of the spec (docs/spec.md "emails"): each declared in YAML under `emails:` with its
// typed context and a sample, its subject a one-line template there, its HTML and plain-text parts
// in emails/<name>.html.hbs and emails/<name>.txt.hbs, and partials of either part in
// emails/partials/<name>.html.hbs / .txt.hbs. Every template is parsed once here and checked
// against its context; every problem is named at once, as file:line.
import { SpecError, SpecErrors, type SpecFile, type TemplateFile } from '../load/readSpec';
import { checkSample, COMMON_CONTEXT, fieldsOf } from './emailContext';
import { TemplateChecker, type TemplateCheck } from './emailTemplates';
import { collect, specError, type Raw } from './specContext';
import type { EmailDef, EmailField, EmailModel, EmailPartial, EnumDef } from './types';

const PART_FILE = /^emails\/([a-z][a-z0-9_]*)\.(html|txt)\.hbs$/;
const PARTIAL_FILE = /^emails\/partials\/([a-z][a-z0-9_]*)\.(html|txt)\.hbs$/;

const partOf = (suffix: string): 'html' | 'text' => (suffix === 'html' ? 'html' : 'text');

function readPartials(templates: TemplateFile[]): EmailPartial[] {
  return templates.flatMap(({ file, text }) => {
    const match = PARTIAL_FILE.exec(file);
    return match ? [{ name: match[1]!, part: partOf(match[2]!), file, source: text }] : [];
  });
}

/** Template files that belong to nothing: a misspelt e-mail name, a file outside emails/. */
function strayTemplates(templates: TemplateFile[], declared: Set<string>): SpecError[] {
  return templates.flatMap(({ file }) => {
    if (PARTIAL_FILE.test(file)) return [];
    const name = PART_FILE.exec(file)?.[1];
    if (name !== undefined && declared.has(name)) return [];
    const reason =
      name !== undefined
        ? `no e-mail "${name}" is declared (spec emails.${name})`
        : 'templates are emails/<e-mail>.html.hbs, emails/<e-mail>.txt.hbs or emails/partials/<name>.(html|txt).hbs';
    return [new SpecError(file, 1, '', reason)];
  });
}

export function buildEmails(files: SpecFile[], templates: TemplateFile[], enums: EnumDef[], english: Record<string, string>): EmailModel {
  const errors: SpecError[] = [];
  const partials = readPartials(templates);
  const partialNames = (part: 'html' | 'text') =>
    new Set(partials.filter((partial) => partial.part === part).map((partial) => partial.name));
  const messageKeys = new Set<string>();
  const check = (base: Omit<TemplateCheck, 'enums' | 'messages'>): Set<string> => {
    const checker = new TemplateChecker({ ...base, enums, messages: english });
    checker.run();
    errors.push(...checker.errors);
    checker.messageKeys.forEach((key) => messageKeys.add(key));
    return checker.partialsUsed;
  };
  const checked = new Set<EmailPartial>();
  /** Checks the partials a template uses (and those they use) against its e-mail's context. */
  const checkPartials = (used: Set<string>, part: 'html' | 'text', context: EmailField[], email: string, seen = new Set<string>()) => {
    for (const name of used) {
      const partial = partials.find((candidate) => candidate.part === part && candidate.name === name);
      if (!partial || seen.has(name)) continue;
      seen.add(name);
      checked.add(partial);
      const origin = { file: partial.file, path: `emails.partials.${name}`, suffix: ` (in the e-mail ${email})` };
      checkPartials(
        check({ origin, source: partial.source, context, partials: partialNames(part), inPartial: true }),
        part,
        context,
        email,
        seen,
      );
    }
  };
  const located = collect(files, 'emails');
  const emails = [...located.entries()].flatMap(([name, at]): EmailDef[] => {
    const raw = at.value as Raw;
    const before = errors.length;
    if (english[raw.label] === undefined) errors.push(specError(at, `unknown message "${raw.label}"`, ['label']));
    const context = fieldsOf(raw.context as Record<string, Raw>, enums, at, ['context'], errors);
    for (const field of context) {
      if (COMMON_CONTEXT.some((common) => common.name === field.name))
        errors.push(specError(at, `"${field.name}" is given to every e-mail: choose another name`, ['context', field.name]));
    }
    // A context that failed to build would only add confusing errors about the templates using it.
    if (errors.length > before) return [];
    checkSample(context, raw.sample as Record<string, unknown>, at, ['sample'], errors);
    const all = [...COMMON_CONTEXT, ...context];
    const part = (suffix: 'html' | 'txt') => {
      const file = `emails/${name}.${suffix}.hbs`;
      const template = templates.find((candidate) => candidate.file === file);
      if (!template) errors.push(specError(at, `its ${suffix === 'html' ? 'HTML' : 'plain-text'} part ${file} is missing`));
      return { file, source: template?.text ?? '' };
    };
    const html = part('html');
    const text = part('txt');
    check({
      origin: { file: at.file.file, path: `emails.${name}.subject`, fixedLine: at.file.lineOf(['emails', name, 'subject']) },
      source: raw.subject,
      context: all,
      partials: new Set(),
      inPartial: false,
    });
    const htmlPartials = check({
      origin: { file: html.file, path: `emails.${name}.html` },
      source: html.source,
      context: all,
      partials: partialNames('html'),
      inPartial: false,
    });
    const textPartials = check({
      origin: { file: text.file, path: `emails.${name}.text` },
      source: text.source,
      context: all,
      partials: partialNames('text'),
      inPartial: false,
    });
    checkPartials(htmlPartials, 'html', all, name);
    checkPartials(textPartials, 'text', all, name);
    if (errors.length > before) return [];
    return [{ name, label: raw.label, description: raw.description, context, sample: raw.sample, subject: raw.subject, html, text }];
  });
  // A partial no e-mail uses yet is checked against the common context, so its syntax is known good.
  for (const partial of partials.filter((candidate) => !checked.has(candidate))) {
    check({
      origin: { file: partial.file, path: `emails.partials.${partial.name}` },
      source: partial.source,
      context: COMMON_CONTEXT,
      partials: partialNames(partial.part),
      inPartial: true,
    });
  }
  errors.push(...strayTemplates(templates, new Set(located.keys())));
  SpecErrors.throwIfAny(errors);
  return { common: COMMON_CONTEXT, emails, partials, messageKeys: [...messageKeys].sort() };
}
