import { useT } from '../../runtime/i18n/useT';
import type { Order } from './orderText';

/** The order's linked supplier references (001 §2), as a list. */
export function LinkedSupplierRefs({ order }: { order: Order; reload: () => void }) {
  const t = useT();
  if (order.linked_supplier_refs.length === 0) return <span className="record-view__empty">—</span>;
  return (
    <ul className="order-refs" aria-label={t('orders.linked_supplier_refs')}>
      {order.linked_supplier_refs.map((ref) => (
        <li key={ref.id}>{ref.supplier_ref}</li>
      ))}
    </ul>
  );
}
