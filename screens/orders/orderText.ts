import type { MessageKey } from '../../runtime/generated/messages';
import { isMessageKey } from '../../runtime/i18n/i18n';
import type { useT } from '../../runtime/i18n/useT';
import type { components } from '../../runtime/generated/api';

export type Order = components['schemas']['Order'];
export type OrderLine = Order['line_items'][number];
export type Shipment = components['schemas']['Shipment'];
export type Translate = ReturnType<typeof useT>;

/** An enum value by its label (`order_status.CREATED` → "Created"), or the value itself when it has none. */
export function enumText(t: Translate, enumName: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const key = `${enumName}.${value}`;
  return isMessageKey(key) ? t(key) : value;
}

export const key = (name: MessageKey): MessageKey => name;
