import { describe, expect, it } from 'vitest';
import { emailNames, emailSamples, type EmailName } from '../../generated/emails';
import { serverMessages } from '../../generated/serverMessages';
import { renderEmail, type EmailRecipient } from './renderEmail';

// Every e-mail of spec/emails rendered from its templates with its sample, in every locale: the
// recipient's language, money and dates through Intl, branding, and escaping of the HTML part.

const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'nl'] as const;

const recipient = (language: string, overrides: Partial<EmailRecipient> = {}): EmailRecipient => ({
  email_address: 'ann@customer.example',
  name: 'Ann Example',
  language,
  timezone: 'Europe/Paris',
  portal: { name: 'Reseller Hub', url: 'https://hub.example.com' },
  branding: { logo_url: null, colour: '#aa3300', footer_text: 'Reseller Partners UK Ltd' },
  ...overrides,
});

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
/** The HTML part's text as a reader sees it: entities undone, tags dropped. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x3D;/g, '=')
    .replace(/\s+/g, ' ');

describe('every e-mail renders in every locale', () => {
  const cases = emailNames.flatMap((name) => LOCALES.map((locale) => [name, locale] as [EmailName, (typeof LOCALES)[number]]));

  it.each(cases)('%s in %s', async (name, locale) => {
    const mail = await renderEmail(name, recipient(locale), emailSamples[name] as never);
    const messages = serverMessages[locale] as Record<string, string>;
    const greeting = fill(messages['mail.greeting']!, { name: 'Ann Example' });
    expect(mail.to).toBe('ann@customer.example');
    expect(mail.subject).not.toMatch(/\n|\{\{|undefined|null/);
    expect(mail.subject.length).toBeGreaterThan(5);
    for (const part of [mail.text, htmlText(mail.html)]) {
      expect(part).toContain(greeting);
      expect(part).toContain(fill(messages['mail.footer.sent_by']!, { portal: 'Reseller Hub' }));
      expect(part).toContain('Reseller Partners UK Ltd');
      expect(part).not.toMatch(/\{\{|\bundefined\b|\bnull\b|\[object/);
    }
    expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html>\\s*<html lang="${locale}">`));
    expect(mail.html).toContain('border-bottom:4px solid #aa3300');
  });

  it('writes the same e-mail in each language, none falling back to English', async () => {
    const subjects = await Promise.all(
      LOCALES.map(async (locale) => (await renderEmail('password_reset', recipient(locale), emailSamples.password_reset)).subject),
    );
    expect(new Set(subjects).size).toBe(LOCALES.length);
  });
});

describe('what an e-mail says', () => {
  it("order_created: the catalogue texts, the order's details with money in the locale, and its link", async () => {
    const mail = await renderEmail('order_created', recipient('en'), emailSamples.order_created);
    expect(mail.subject).toBe('Order HUB-10042 created');
    expect(mail.text).toBe(
      [
        'Hello Ann Example,',
        '',
        'Order HUB-10042 was placed by Bob Buyer.',
        'It awaits authorisation before it is processed.',
        '',
        'Reference: HUB-10042',
        'Organisation: Customer Co',
        'PO number: PO-7781',
        'Total: £1,249.50',
        '',
        'View the order: https://hub.example.com/webstore/orders/10042',
        '',
        'You receive this e-mail because your account subscribes to this notification.',
        '',
        '--',
        'Reseller Partners UK Ltd',
        'This e-mail was sent by Reseller Hub. https://hub.example.com',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<a href="https://hub.example.com/webstore/orders/10042"');
    const german = await renderEmail('order_created', recipient('de'), emailSamples.order_created);
    expect(german.subject).toBe('Bestellung HUB-10042 angelegt');
    expect(german.text).toMatch(/Gesamt: 1\.249,50\s£/u);
  });

  it('order_status_changed: both statuses by their labels, or the status an order was placed with', async () => {
    const changed = await renderEmail('order_status_changed', recipient('fr'), emailSamples.order_status_changed);
    expect(changed.subject).toBe('Commande HUB-10042 : Expédiée');
    const placed = await renderEmail('order_status_changed', recipient('en'), {
      ...emailSamples.order_status_changed,
      status: 'CREATED',
      previous_status: null,
    });
    expect(placed.text).toContain('Order HUB-10042 was placed with the status Created.');
  });

  it('a quote: its expiry date in the language, and "no expiry date" without one', async () => {
    const warning = await renderEmail('quote_expiry_warning', recipient('fr'), emailSamples.quote_expiry_warning);
    expect(warning.subject).toBe('Le devis Spring refresh expire le 30 avr. 2026');
    const open = await renderEmail('quote_created', recipient('en'), {
      ...emailSamples.quote_created,
      quote: { ...emailSamples.quote_created.quote, expiry_date: null },
    });
    expect(open.text).toContain(
      'Supplier Distribution Ltd has sent you the quote Spring refresh for £5,420.00. It is valid until no expiry date.',
    );
    expect(open.text).toContain('Expiry date: no expiry date');
  });

  it('a feed file: its row count as the language writes numbers, greeting an address without a name', async () => {
    const mail = await renderEmail('feed_delivery', recipient('de', { name: null }), emailSamples.feed_delivery);
    expect(mail.text).toMatch(/^Guten Tag,\n\nDie Produktdatei des Feeds Nightly stock ist angehängt \(1\.843 Produkte\)\./);
  });

  it('escapes every value in the HTML part, and leaves the plain-text part as typed', async () => {
    const hostile = {
      ...emailSamples.order_created,
      placed_by: '<script>alert(1)</script> & Co',
      order_url: 'https://hub.example.com/x"onmouseover="alert(1)',
    };
    const mail = await renderEmail('order_created', recipient('en', { name: 'Tom <b>&</b>' }), hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('Hello Tom &lt;b&gt;&amp;&lt;/b&gt;,');
    expect(mail.html).toContain('href="https://hub.example.com/x&quot;onmouseover&#x3D;&quot;alert(1)"');
    expect(mail.text).toContain('Order HUB-10042 was placed by <script>alert(1)</script> & Co.');
    expect(mail.text).toContain('Hello Tom <b>&</b>,');
  });

  it('keeps the subject to one line whatever a value holds', async () => {
    const mail = await renderEmail('quote_created', recipient('en'), {
      ...emailSamples.quote_created,
      sender: 'Evil\r\nBcc: victim@example.com',
    });
    expect(mail.subject).toBe('Quote Spring refresh from Evil Bcc: victim@example.com');
  });

  it("without branding: the portal's colour and name, no footer text", async () => {
    const mail = await renderEmail('invitation', recipient('en', { branding: null }), emailSamples.invitation);
    expect(mail.html).toContain('border-bottom:4px solid #1f4e79');
    expect(mail.html).not.toContain('Reseller Partners UK Ltd');
    expect(mail.text).toContain('Choose your password:\nhttps://hub.example.com/set_password#sample-token');
  });

  it("answers English for a language that is not one of the catalogue's", async () => {
    expect((await renderEmail('password_reset', recipient('pt'), emailSamples.password_reset)).subject).toBe(
      'Choose a new password for Reseller Hub',
    );
  });
});
