import { DomainError } from '../../domain/errors';
import { creditProvider } from '../../integrations/creditProvider';
import type { Handler } from '../../http/operationDef';
import { storedRowInScope, visibleRecord } from '../../reads/recordParts';
import { signedIn } from '../auth/signedIn';
import { purchaseOrderNumberTaken } from './checkoutRules';
import { checkout } from './checkoutService';
import { applyForFinance as apply } from './financeService';

/**
 * 000 §7 POST /baskets/{id}/checkout: the basket, in the caller's scope (404 outside it), placed as
 * an order. Its stored row is read once (on PostgreSQL by the router's lock of it) and handed on.
 */
export const checkoutBasket: Handler<'checkoutBasket'> = async ({ params, body }, context) => {
  const basket = await storedRowInScope(context, 'getBasket', params.id);
  return checkout(context.records, signedIn(context), basket, body);
};

/** 000 §7 POST /baskets/{id}/finance: answers data.success. */
export const applyForFinance: Handler<'applyForFinance'> = async ({ params, body }, context) => {
  await visibleRecord('getBasket', params.id, context);
  return { success: await apply(context.records, context.user!, params.id, body) };
};

/** 000 §2.9 company lookup: the provider's record, or 404 company_not_found / 400 company_not_financeable. */
export const lookupCompany: Handler<'lookupCompany'> = async ({ params }) => {
  const company = await (await creditProvider()).lookup(params.query);
  if (!company) throw new DomainError('not_found', 'company_not_found', { field: 'query' });
  if (!company.financeable) throw new DomainError('invalid', 'company_not_financeable', { field: 'query' });
  const { financeable: _financeable, ...record } = company;
  return record;
};

/** 000 §5: whether the caller's organisation has an order with the number (none given is never taken). */
export const checkPurchaseOrderNumber: Handler<'checkPurchaseOrderNumber'> = async ({ query }, context) => {
  const user = signedIn(context);
  const number = query.number?.trim() ?? '';
  return { taken: number !== '' && (await purchaseOrderNumberTaken(context.db, user.organisation.id, number)) };
};
