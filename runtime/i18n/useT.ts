import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../generated/messages';
import { i18n } from './i18n';

export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The translation function of the current language. Keys are typed by the generated catalogue,
 * so a misspelt key fails type-check. Re-renders the caller when the language changes.
 */
export function useT(): Translate {
  const { t } = useTranslation(undefined, { i18n });
  return useCallback<Translate>((key, values) => t(key, values ?? {}) as string, [t]);
}
