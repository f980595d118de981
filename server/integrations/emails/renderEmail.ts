import type { HelperOptions } from 'handlebars';
import { formatDate, formatDateTime, INTL_LOCALES } from '../../../shared/format/dates';
import { kept } from '../../../shared/format/kept';
import { formatAmount } from '../../../shared/format/money';
import { emailPartials, emailTemplates, type EmailCommonContext, type EmailContexts, type EmailName } from '../../generated/emails';
import { serverMessages } from '../../generated/serverMessages';

type Locale = keyof typeof serverMessages;

/** Who an e-mail goes to, and what the common context says of them (docs/spec.md "emails"). */
export interface EmailRecipient {
  email_address: string;
  name: string | null;
  /** Their user_language (an organisation's preferred_language for a feed's address); English when not a locale. */
  language: string | null;
  /** For dates and times; UTC when unknown. */
  timezone: string | null;
  portal: EmailCommonContext['portal'];
  branding: EmailCommonContext['branding'];
}

export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const localeOf = (language: string | null | undefined): Locale =>
  typeof language === 'string' && Object.hasOwn(serverMessages, language) ? (language as Locale) : 'en';

/** A catalogue text of the locale with its {{placeholders}} filled. */
function message(locale: Locale, key: string, values: Record<string, unknown>): string {
  const text = (serverMessages[locale] as Record<string, string>)[key];
  // hub generate refuses a template naming a key that is not in every locale: this is a bug.
  if (text === undefined) throw new Error(`e-mail message ${key} is not in the server catalogue`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined || values[name] === null ? '' : String(values[name]),
  );
}

/** Intl formatters kept by what makes them (a time zone, a locale): `kept`. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

/** The calendar day of an instant in a time zone, as YYYY-MM-DD (en-CA writes dates so). */
function dayIn(instant: string, timezone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  try {
    const day = () => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    return kept(dayFormatters, timezone, day).format(date);
  } catch {
    return instant.slice(0, 10);
  }
}

const numberFormatter = (intl: string) => kept(numberFormatters, intl, () => new Intl.NumberFormat(intl));

/**
 * The helpers of docs/spec.md "emails", in the recipient's language and time zone: the catalogue
 * (`t`), enum labels (`label`), money, dates and numbers through Intl as the screens show them
 * (shared/format). What a helper returns is escaped in the HTML part like any value.
 */
function helpersFor(locale: Locale, timezone: string) {
  const intl = INTL_LOCALES[locale];
  const isBlank = (value: unknown) => value === null || value === undefined || value === '';
  return {
    t: (key: string, options: HelperOptions) => message(locale, key, options.hash as Record<string, unknown>),
    label: (enumName: string, value: unknown) => (isBlank(value) ? '' : message(locale, `${enumName}.${String(value)}`, {})),
    money: (amount: unknown, currency: unknown) => (isBlank(amount) ? '' : formatAmount(String(amount), String(currency), intl)),
    date: (value: unknown) =>
      isBlank(value) ? '' : formatDate(String(value).includes('T') ? dayIn(String(value), timezone) : String(value), intl),
    datetime: (value: unknown) => (isBlank(value) ? '' : formatDateTime(String(value), timezone, intl)),
    number: (value: unknown) => (isBlank(value) ? '' : numberFormatter(intl).format(Number(value))),
  };
}

type Template = (context: unknown, options: { helpers: Record<string, unknown> }) => string;

interface CompiledEmail {
  subject: Template;
  html: Template;
  text: Template;
}

let compiled: Promise<Map<EmailName, CompiledEmail>> | undefined;

/**
 * The templates, compiled once on first use (Handlebars loads then, not at start-up). The HTML
 * part escapes every value; the subject and the plain-text part do not (a name "A & B" stays so
 * in plain text). Each part has its own environment: Handlebars compiles a partial with the
 * options of its first caller, so an HTML partial must never be compiled unescaped.
 */
function compiledTemplates(): Promise<Map<EmailName, CompiledEmail>> {
  compiled ??= import('handlebars').then(({ default: Handlebars }) => {
    const knownHelpers = Object.fromEntries(Object.keys(helpersFor('en', 'UTC')).map((name) => [name, true]));
    const html = Handlebars.create();
    const text = Handlebars.create();
    for (const [name, source] of Object.entries(emailPartials.html)) html.registerPartial(name, source);
    for (const [name, source] of Object.entries(emailPartials.text)) text.registerPartial(name, source);
    const options = { knownHelpers, knownHelpersOnly: true };
    return new Map(
      (Object.keys(emailTemplates) as EmailName[]).map((name) => {
        const template = emailTemplates[name];
        return [
          name,
          {
            subject: text.compile(template.subject, { ...options, noEscape: true }) as Template,
            html: html.compile(template.html, options) as Template,
            text: text.compile(template.text, { ...options, noEscape: true }) as Template,
          },
        ];
      }),
    );
  });
  return compiled;
}

/** The context every e-mail gets, from its recipient. */
export function commonContext(recipient: EmailRecipient): EmailCommonContext {
  return {
    language: localeOf(recipient.language),
    portal: recipient.portal,
    recipient: { name: recipient.name, email_address: recipient.email_address },
    branding: recipient.branding,
  };
}

/**
 * Renders an e-mail for its recipient: subject, plain-text and HTML parts from the spec's
 * templates (server/generated/emails.ts), in the recipient's language and time zone.
 */
export async function renderEmail<N extends EmailName>(
  name: N,
  recipient: EmailRecipient,
  context: EmailContexts[N],
): Promise<RenderedEmail> {
  const templates = (await compiledTemplates()).get(name)!;
  const locale = localeOf(recipient.language);
  const helpers = helpersFor(locale, recipient.timezone ?? 'UTC');
  const data = { ...commonContext(recipient), ...context };
  return {
    to: recipient.email_address,
    // One line, whatever a value held: a subject is a header.
    subject: templates.subject(data, { helpers }).replace(/\s+/g, ' ').trim(),
    // The blank lines of sections left out collapse into one.
    text: `${templates
      .text(data, { helpers })
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
    html: templates.html(data, { helpers }),
  };
}
