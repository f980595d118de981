import { decodeRow } from '../../db/codec';
import type { LinkedSupplierRef, OrderLineItem, Shipment, ShipmentItem } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { childRows, decodeAll, fieldsOf, visibleRecord } from '../../reads/recordParts';

type Row = Record<string, unknown>;

// The parts of an order are visible exactly when the order is (getOrder's scope; 404 outside it).

export const listOrderLineItems: Handler<'listOrderLineItems'> = async ({ params }, context) => {
  await visibleRecord('getOrder', params.id, context);
  return decodeAll<OrderLineItem>(
    'order_line_item',
    await childRows(context.db, 'order_line_items', 'order_id', params.id),
    fieldsOf('OrderLineItem'),
  );
};

export const listOrderLinkedSupplierRefs: Handler<'listOrderLinkedSupplierRefs'> = async ({ params }, context) => {
  await visibleRecord('getOrder', params.id, context);
  const rows = await childRows(context.db, 'order_linked_supplier_refs', 'order_id', params.id);
  return decodeAll<LinkedSupplierRef>('order_linked_supplier_ref', rows, fieldsOf('LinkedSupplierRef'));
};

/** Shipments with their items, and each item with the serial numbers of the units it shipped. */
export const listOrderShipments: Handler<'listOrderShipments'> = async ({ params }, context) => {
  await visibleRecord('getOrder', params.id, context);
  const { db } = context;
  const shipments = await childRows(db, 'shipments', 'order_id', params.id);
  const items = (await db('shipment_items')
    .whereIn(
      'shipment_id',
      shipments.map((shipment) => shipment['id'] as number),
    )
    .orderBy('id')) as Row[];
  const serials = (await db('order_units').where('order_id', params.id).whereNotNull('shipment_item_id').orderBy('serial_number')) as Row[];
  const itemFields = fieldsOf('ShipmentItem', ['serial_numbers']);
  const shipmentFields = fieldsOf('Shipment', ['items']);
  return shipments.map((shipment): Shipment => ({
    ...decodeRow<Omit<Shipment, 'items'>>('shipment', shipment, shipmentFields),
    items: items
      .filter((item) => Number(item['shipment_id']) === Number(shipment['id']))
      .map((item): ShipmentItem => ({
        ...decodeRow<Omit<ShipmentItem, 'serial_numbers'>>('shipment_item', item, itemFields),
        serial_numbers: serials
          .filter((unit) => Number(unit['shipment_item_id']) === Number(item['id']))
          .map((unit) => String(unit['serial_number'])),
      })),
  }));
};
