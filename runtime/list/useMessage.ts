import { useCallback } from 'react';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';

/**
 * Translates a key that arrives as plain data (a generated screen's labels): its text, or null
 * when the catalogue has no such key (enum values without a label message).
 */
export function useMessage(): (key: string) => string | null {
  const t = useT();
  return useCallback((key: string) => (isMessageKey(key) ? t(key) : null), [t]);
}
