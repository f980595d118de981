import { describe, expect, it } from 'vitest';
import { modelErrorOf, modelOf } from '../testing/fragments';

/** The product's locales, as spec/enums.yaml declares them; every one needs a full catalogue. */
const LOCALES = 'enums:\n  locale: [en, fr]\n';
const LABELS = '  locale.en: English\n  locale.fr: Français\n';
const en = (extra = '') => `messages:\n${LABELS}  crumb.home: Home\n  store.page: "Page {{page}} of {{pages}}"\n${extra}`;
const fr = (extra = '') => `messages:\n${LABELS}  crumb.home: Accueil\n  store.page: "Page {{page}} sur {{pages}}"\n${extra}`;
const spec = (files: Record<string, string>) => ({ 'enums.yaml': LOCALES, 'messages/en.yaml': en(), 'messages/fr.yaml': fr(), ...files });

describe('the message catalogue is complete in every locale', () => {
  it.each<{ name: string; given: Record<string, string>; want: string[] }>([
    {
      name: 'a key missing in a locale, located at its English definition',
      given: spec({ 'messages/en/orders.yaml': 'messages:\n  orders.title: Orders\n' }),
      want: ['messages/en/orders.yaml:2: messages.orders.title: missing in the fr catalogue (add it to messages/fr/orders.yaml)'],
    },
    {
      name: 'a key a locale invents',
      given: spec({ 'messages/fr.yaml': fr('  only.french: Bonjour\n') }),
      want: ['messages/fr.yaml:6: messages.only.french: not in the English catalogue'],
    },
    {
      name: 'a translation that drops or renames a placeholder',
      given: spec({ 'messages/fr.yaml': fr().replace('{{pages}}', '{{total}}') }),
      want: ['messages/fr.yaml:5: messages.store.page: placeholders {{page}}, {{total}} differ from the English {{page}}, {{pages}}'],
    },
    {
      name: 'a locale of the locale enum with no catalogue',
      given: { 'enums.yaml': LOCALES, 'messages/en.yaml': en() },
      want: ['messages/fr.yaml:1: messages: the fr catalogue is missing (enum locale lists fr)'],
    },
    {
      name: 'a catalogue for a locale the enum does not list',
      given: spec({ 'messages/pt.yaml': 'messages:\n  crumb.home: Início\n' }),
      want: ['messages/pt.yaml:1: messages: locale "pt" is not a value of enum locale'],
    },
    {
      name: 'a key defined twice in one locale',
      given: spec({ 'messages/fr/more.yaml': 'messages:\n  crumb.home: Accueil\n' }),
      want: ['messages/fr/more.yaml:2: messages.crumb.home: already defined in messages/fr.yaml'],
    },
    {
      name: 'an enum value with no label',
      given: spec({
        'enums/extra.yaml': 'enums:\n  session_timeout: [3600, 1800]\n',
        'messages/en.yaml': en('  session_timeout.3600: 1 hour\n'),
      }),
      want: [
        'messages/en.yaml:6: messages.session_timeout.3600: missing in the fr catalogue (add it to messages/fr.yaml)',
        'enums/extra.yaml:2: enums.session_timeout.1: value "1800" has no label (add message session_timeout.1800)',
      ],
    },
    {
      name: 'every problem at once, not only the first',
      given: spec({
        'enums/extra.yaml': 'enums:\n  colour: [red]\n',
        'messages/en/orders.yaml': 'messages:\n  orders.title: Orders\n  orders.one: Order\n',
        'messages/fr.yaml': fr('  only.french: Bonjour\n'),
      }),
      want: [
        'messages/en/orders.yaml:2: messages.orders.title: missing in the fr catalogue (add it to messages/fr/orders.yaml)',
        'messages/en/orders.yaml:3: messages.orders.one: missing in the fr catalogue (add it to messages/fr/orders.yaml)',
        'messages/fr.yaml:6: messages.only.french: not in the English catalogue',
        'enums/extra.yaml:2: enums.colour.0: value "red" has no label (add message colour.red)',
      ],
    },
  ])('$name', ({ given, want }) => {
    expect(modelErrorOf(given, { labelEnums: false }).split('\n')).toEqual(want);
  });

  it('builds a complete catalogue, one entry per locale', () => {
    const model = modelOf(spec({}), { labelEnums: false });
    expect(Object.keys(model.messages)).toEqual(['en', 'fr']);
    expect(model.messages['fr']).toMatchObject({ 'crumb.home': 'Accueil', 'locale.fr': 'Français' });
  });

  it('without a locale enum, asks only that the locales present match English', () => {
    expect(
      modelErrorOf({ 'messages/en.yaml': 'messages:\n  crumb.home: Home\n', 'messages/de.yaml': 'messages:\n  crumb.home: Start\n' }),
    ).toBe('no error');
  });
});
