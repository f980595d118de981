import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../runtime/api/client';
import { formatDateTime } from '../../runtime/format/dates';
import { useT } from '../../runtime/i18n/useT';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import type { Shipment } from './orderText';

/**
 * The shipments table (001 §2): reference, date, tracking number and items; each shipment's serial
 * numbers open in a modal with the order's serials CSV (a full-page link the server answers, with
 * formula injection guarded there).
 */
export function OrderShipments({ orderId }: { orderId: number }) {
  const t = useT();
  const { user } = useCurrentUser();
  const [shipments, setShipments] = useState<Shipment[] | null>(null);
  const [serialsOf, setSerialsOf] = useState<Shipment | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchList<Shipment>(`/orders/${orderId}/shipments`, {}, abort.signal).then(
      (page) => setShipments(page.rows),
      (error: unknown) => {
        if (!isAbortError(error)) setShipments([]);
      },
    );
    return () => abort.abort();
  }, [orderId]);
  if (shipments === null) return <Spinner />;
  if (shipments.length === 0) return <span className="record-view__empty">{t('orders.no_shipments')}</span>;
  return (
    <>
      <table className="order-table order-shipments">
        <thead>
          <tr>
            <th>{t('orders.shipment_reference')}</th>
            <th>{t('orders.shipment_date')}</th>
            <th>{t('orders.tracking_number')}</th>
            <th>{t('orders.shipment_items')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {shipments.map((shipment) => (
            <tr key={shipment.id}>
              <td>{shipment.reference}</td>
              <td>{formatDateTime(shipment.date, user?.timezone)}</td>
              <td>{shipment.tracking_number}</td>
              <td>{shipment.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}</td>
              <td>
                {shipment.items.some((item) => item.serial_numbers.length > 0) && (
                  <button type="button" className="button" onClick={() => setSerialsOf(shipment)}>
                    {t('orders.view_serials')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {serialsOf && (
        <Modal
          open
          title={`${t('orders.serials_title')}: ${serialsOf.reference}`}
          closeLabel={t('alert.close')}
          onClose={() => setSerialsOf(null)}
          footer={
            <a className="button" href={`/webstore/orders/${orderId}/serials/export`}>
              {t('orders.serials_download')}
            </a>
          }
        >
          <table className="order-table">
            <thead>
              <tr>
                <th>{t('orders.unit_product')}</th>
                <th>{t('orders.unit_product_code')}</th>
                <th>{t('orders.unit_serial_number')}</th>
              </tr>
            </thead>
            <tbody>
              {serialsOf.items.flatMap((item) =>
                item.serial_numbers.map((serial) => (
                  <tr key={`${item.id}-${serial}`}>
                    <td>{item.name}</td>
                    <td>{item.product_code}</td>
                    <td>{serial}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </Modal>
      )}
    </>
  );
}
