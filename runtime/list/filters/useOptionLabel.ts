import { useCallback } from 'react';
import { isMessageKey } from '../../i18n/i18n';
import { useT } from '../../i18n/useT';

/** The label of an enum value: its `<enum>.<VALUE>` message when the catalogue has one, else the value. */
export function useOptionLabel(enumName: string | undefined): (option: string | number) => string {
  const t = useT();
  return useCallback(
    (option) => {
      const key = enumName ? `${enumName}.${String(option)}` : '';
      return isMessageKey(key) ? t(key) : String(option);
    },
    [t, enumName],
  );
}
