import { describe, expect, it } from 'vitest';
import { modelErrorOf, modelOf } from '../testing/fragments';

// The e-mails of the spec: a product owner's edit of a template is checked by hub generate and
// fails with file:line (docs/spec.md "emails").

const ENUMS = 'enums:\n  currency: [GBP, EUR]\n  order_status: [CREATED, SHIPPED]\n';
const MESSAGES = [
  'messages:',
  '  crumb.home: Home',
  '  emails.order_placed: Order placed',
  '  mail.greeting: "Hello {{name}},"',
  '  mail.order.subject: "Order {{order}}"',
  '  mail.order.total: "It comes to {{total}}."',
  '',
].join('\n');
const DECLARATION = [
  'emails:', //                                                                          line 1
  '  order_placed:',
  '    label: emails.order_placed',
  '    description: An order was placed.',
  '    subject: \'{{t "mail.order.subject" order=order.name}}\'', //                     line 5
  '    context:',
  '      order: { name: string, status: enum order_status, total: money, currency: enum currency, expiry?: date }',
  '      lines: [{ name: string, quantity: integer }]',
  '    sample:',
  '      order: { name: HUB-1, status: CREATED, total: "10.50", currency: GBP, expiry: null }', // line 10
  '      lines: [{ name: Cable, quantity: 2 }]',
  '',
].join('\n');
const HTML = [
  '{{#> layout}}',
  '<p>{{t "mail.greeting" name=recipient.name}}</p>',
  '<p>{{order.name}}: {{label "order_status" order.status}}, {{t "mail.order.total" total=(money order.total order.currency)}}</p>',
  '{{#if order.expiry}}<p>{{date order.expiry}}</p>{{/if}}',
  '<ul>{{#each lines as |line index|}}<li>{{index}} {{line.name}} × {{number line.quantity}} {{@index}} {{../order.name}}</li>{{/each}}</ul>',
  '{{/layout}}',
  '',
].join('\n');
const TEXT = '{{t "mail.greeting" name=recipient.name}}\n{{#each lines}}- {{name}} × {{quantity}}\n{{/each}}{{> footer}}\n';
const LAYOUT =
  '<html lang="{{language}}"><body>{{#if branding.logo_url}}<img src="{{branding.logo_url}}">{{/if}}{{> @partial-block}}</body></html>\n';
const FOOTER = '-- \n{{portal.name}} {{portal.url}}\n';

const spec = (files: Record<string, string> = {}) => ({
  'enums.yaml': ENUMS,
  'messages/en.yaml': MESSAGES,
  'emails/emails.yaml': DECLARATION,
  'emails/order_placed.html.hbs': HTML,
  'emails/order_placed.txt.hbs': TEXT,
  'emails/partials/layout.html.hbs': LAYOUT,
  'emails/partials/footer.txt.hbs': FOOTER,
  ...files,
});
/** The declaration with one line replaced (1-based). */
const declarationWith = (line: number, text: string) =>
  DECLARATION.split('\n')
    .map((original, i) => (i === line - 1 ? text : original))
    .join('\n');
const html = (body: string) => ({ 'emails/order_placed.html.hbs': body });

describe('hub generate checks every e-mail template against its declared context', () => {
  it.each<{ name: string; given: Record<string, string>; want: string[] }>([
    {
      name: 'a syntax error, at its line',
      given: html('<p>\n{{#if order.name}}\n<b>\n'),
      want: [
        "emails/order_placed.html.hbs:4: emails.order_placed.html: syntax error: Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'",
      ],
    },
    {
      name: 'a block closed by another name',
      given: html('<p>\n{{#if order.name}}x{{/each}}\n'),
      want: ["emails/order_placed.html.hbs:2: emails.order_placed.html: syntax error: if doesn't match each"],
    },
    {
      name: 'an unknown helper',
      given: html('<p>\n{{uppercase order.name}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:2: emails.order_placed.html: unknown helper "uppercase" (helpers: t, money, date, datetime, number, label)',
      ],
    },
    {
      name: 'an unknown block helper',
      given: html('{{#repeat lines}}x{{/repeat}}\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: unknown block helper "repeat" (block helpers: if, unless, each, with)',
      ],
    },
    {
      name: 'a variable the context does not provide, naming what it has',
      given: html('<p>{{order.totl}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: "order.totl" is not in the e-mail\'s context: order has name, status, total, currency, expiry',
      ],
    },
    {
      name: 'a top-level variable the context does not provide',
      given: html('\n\n<p>{{customer}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:3: emails.order_placed.html: "customer" is not in the e-mail\'s context: the context has language, portal, recipient, branding, order, lines',
      ],
    },
    {
      name: 'a variable of an #each item that the item lacks',
      given: html('{{#each lines}}\n{{name}} {{price}}{{/each}}\n'),
      want: [
        'emails/order_placed.html.hbs:2: emails.order_placed.html: "price" is not in the e-mail\'s context: the context has name, quantity',
      ],
    },
    {
      name: 'an amount written without the money helper',
      given: html('<p>{{order.total}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: "order.total" is an amount: write {{money order.total <currency>}}',
      ],
    },
    {
      name: 'an enum value written without its label',
      given: html('<p>{{order.status}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: "order.status" is a value of enum order_status: write its label, {{label "order_status" order.status}}',
      ],
    },
    {
      name: 'a date written without the date helper, and an object written whole',
      given: html('<p>{{order.expiry}}</p>\n<p>{{order}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: "order.expiry" is a date: write {{date order.expiry}}',
        'emails/order_placed.html.hbs:2: emails.order_placed.html: "order" is an object: write one of its fields (name, status, total, currency, expiry)',
      ],
    },
    {
      name: 'a helper given a value of the wrong type',
      given: html('{{money order.name order.currency}} {{label "currency" order.status}}\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: money takes an amount, not text ("order.name")',
        'emails/order_placed.html.hbs:1: emails.order_placed.html: label "currency" takes a value of enum currency, not a value of enum order_status',
      ],
    },
    {
      name: 'a catalogue key that does not exist',
      given: html('<p>{{t "mail.goodbye"}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: unknown message "mail.goodbye" (add it to the catalogue in every locale)',
      ],
    },
    {
      name: 'a message given other placeholders than it has',
      given: html('<p>{{t "mail.greeting" user=recipient.name}}</p>\n'),
      want: ['emails/order_placed.html.hbs:1: emails.order_placed.html: message "mail.greeting" has the placeholders name; given user'],
    },
    {
      name: 'a placeholder filled with an amount rather than its formatted text',
      given: html('<p>{{t "mail.order.total" total=order.total}}</p>\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: "order.total" is an amount: write {{money order.total <currency>}}',
      ],
    },
    {
      name: 'unescaped output',
      given: html('<p>{{{order.name}}}</p>\n'),
      want: ['emails/order_placed.html.hbs:1: emails.order_placed.html: {{{…}}} writes a value unescaped: use {{…}}, which escapes it'],
    },
    {
      name: '#each over something that is not a list',
      given: html('{{#each order}}x{{/each}}\n'),
      want: ['emails/order_placed.html.hbs:1: emails.order_placed.html: #each takes a list, not an object ("order")'],
    },
    {
      name: 'a partial that does not exist, or one of the other part',
      given: html('{{> header}}\n{{> footer}}\n'),
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: unknown partial "header" (partials: layout)',
        'emails/order_placed.html.hbs:2: emails.order_placed.html: unknown partial "footer" (partials: layout)',
      ],
    },
    {
      name: 'a partial with a variable the context of an e-mail using it lacks',
      given: { 'emails/partials/layout.html.hbs': '<body>{{order.name}}\n{{customer}}{{> @partial-block}}</body>\n' },
      want: [
        'emails/partials/layout.html.hbs:2: emails.partials.layout: "customer" is not in the e-mail\'s context: the context has language, portal, recipient, branding, order, lines (in the e-mail order_placed)',
      ],
    },
    {
      name: 'a partial no e-mail uses, against the common context',
      given: { 'emails/partials/unused.txt.hbs': '{{portal.name}} {{order.name}}\n' },
      want: [
        'emails/partials/unused.txt.hbs:1: emails.partials.unused: "order.name" is not in the e-mail\'s context: the context has language, portal, recipient, branding',
      ],
    },
    {
      name: 'a problem in the subject, at its line of the declaration',
      given: { 'emails/emails.yaml': declarationWith(5, '    subject: \'{{t "mail.order.subject" order=order.total}}\'') },
      want: ['emails/emails.yaml:5: emails.order_placed.subject: "order.total" is an amount: write {{money order.total <currency>}}'],
    },
    {
      name: "a context with an unknown type, an unknown enum and a helper's name",
      given: { 'emails/emails.yaml': declarationWith(8, '      lines: [{ name: str, status: enum colour, t: string }]') },
      want: [
        'emails/emails.yaml:8: emails.order_placed.context.lines.0.name: unknown type "str" (one of string, text, url, integer, boolean, money, date, timestamp, enum <name>, { … }, [ … ])',
        'emails/emails.yaml:8: emails.order_placed.context.lines.0.status: unknown enum "colour"',
        'emails/emails.yaml:8: emails.order_placed.context.lines.0.t: "t" is the name of a helper: a variable cannot be called so',
      ],
    },
    {
      name: 'a sample that does not fit the context',
      given: {
        'emails/emails.yaml': declarationWith(10, '      order: { name: null, status: LOST, total: 10.5, currency: GBP, extra: 1 }'),
      },
      want: [
        'emails/emails.yaml:10: emails.order_placed.sample.order.name: "name" may not be null (declare it as name? if it may)',
        'emails/emails.yaml:10: emails.order_placed.sample.order.status: "status" should be a value of enum order_status (CREATED, SHIPPED)',
        'emails/emails.yaml:10: emails.order_placed.sample.order.total: "total" should be an amount as a quoted decimal ("1249.50")',
        'emails/emails.yaml:10: emails.order_placed.sample.order: the sample lacks "expiry"',
        'emails/emails.yaml:10: emails.order_placed.sample.order.extra: "extra" is not in the context',
      ],
    },
    {
      name: 'a missing plain-text part, and a template no e-mail declares',
      given: { 'emails/order_placed.txt.hbs': undefined as unknown as string, 'emails/order_placd.html.hbs': '<p></p>\n' },
      want: [
        'emails/emails.yaml:2: emails.order_placed: its plain-text part emails/order_placed.txt.hbs is missing',
        'emails/order_placd.html.hbs:1: (root): no e-mail "order_placd" is declared (spec emails.order_placd)',
      ],
    },
    {
      name: 'every problem at once, across parts',
      given: { ...html('{{order.totl}}\n'), 'emails/order_placed.txt.hbs': '{{t "mail.nothing"}}\n' },
      want: [
        'emails/order_placed.html.hbs:1: emails.order_placed.html: "order.totl" is not in the e-mail\'s context: order has name, status, total, currency, expiry',
        'emails/order_placed.txt.hbs:1: emails.order_placed.text: unknown message "mail.nothing" (add it to the catalogue in every locale)',
      ],
    },
  ])('$name', ({ given, want }) => {
    const files = Object.fromEntries(Object.entries(spec(given)).filter(([, text]) => text !== undefined));
    expect(modelErrorOf(files).split('\n')).toEqual(want);
  });

  it('builds the e-mail with its templates, context and sample, and the catalogue keys they use', () => {
    const { emails } = modelOf(spec());
    expect(emails.emails.map(({ name, label, subject }) => ({ name, label, subject }))).toEqual([
      { name: 'order_placed', label: 'emails.order_placed', subject: '{{t "mail.order.subject" order=order.name}}' },
    ]);
    expect(emails.emails[0]!.context.map((field) => `${field.name}${field.nullable ? '?' : ''}:${field.type.kind}`)).toEqual([
      'order:object',
      'lines:list',
    ]);
    expect(emails.emails[0]!.html).toEqual({ file: 'emails/order_placed.html.hbs', source: HTML });
    expect(emails.partials.map(({ name, part }) => `${part}:${name}`)).toEqual(['html:layout', 'text:footer']);
    expect(emails.messageKeys).toEqual([
      'mail.greeting',
      'mail.order.subject',
      'mail.order.total',
      'order_status.CREATED',
      'order_status.SHIPPED',
    ]);
  });

  it('asks nothing of a spec without e-mails', () => {
    expect(modelOf({ 'messages/en.yaml': MESSAGES }).emails).toMatchObject({ emails: [], partials: [], messageKeys: [] });
  });
});
