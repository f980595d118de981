import { serverMessages, type ServerMessageKey } from '../generated/serverMessages';

type Locale = keyof typeof serverMessages;

const isLocale = (language: string | null | undefined): language is Locale => typeof language === 'string' && Object.hasOwn(serverMessages, language);

/**
 * A catalogue text of an e-mail in the recipient's language (their user_language; English when it
 * is not one of the catalogue's locales), its {{placeholders}} filled. Every locale has every key:
 * hub generate refuses a catalogue with one missing.
 */
export function mailText(language: string | null | undefined, key: ServerMessageKey, values: Record<string, string> = {}): string {
  const messages: Record<string, string> = serverMessages[isLocale(language) ? language : 'en'];
  const text = messages[key] ?? serverMessages.en[key];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
