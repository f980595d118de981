import Decimal from 'decimal.js';
import { DomainError } from '../../domain/errors';
import type { Subscription } from '../../generated/types';
import type { Handler, RequestContext } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';
import { BILLING_FREQUENCY_MONTHS } from '../../../shared/pricing/ratePlans';
import { subscriptionFacts, subscriptionTotals } from './breakdown';

/**
 * 001 §2, §7 PUT /subscriptions/{id}: a user with contract:modify edits a subscription's name and
 * renewal (auto renewal, renewal term). Everything else on the definition is the vendor's contract:
 * status, dates and billing change through the root actions (001 §4) or not in the hub at all, and
 * quantities through change orders. Decisions in docs/after-sale.md "Subscriptions".
 */

/** The subscription as its get answers the caller: outside the reach of their grant a 404, as if missing. */
const shown = async (id: number, context: RequestContext) =>
  (await visibleRecord('getSubscription', id, context)) as unknown as Subscription;

/** Stored money keeps four places, as the breakdown's figures travel. */
const stored = (value: Decimal | null) => (value === null ? null : value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4));

export const updateSubscription: Handler<'updateSubscription'> = async ({ params, body }, context) => {
  const subscription = await shown(params.id, context);
  const renewal: { auto_renewal_flag?: boolean; renewal_term_months?: number } = {};
  if (body.auto_renewal_flag !== undefined && body.auto_renewal_flag !== subscription.auto_renewal_flag)
    renewal.auto_renewal_flag = body.auto_renewal_flag;
  if (body.renewal_term_months !== undefined && body.renewal_term_months !== subscription.renewal_term_months)
    renewal.renewal_term_months = body.renewal_term_months;
  // 001 §2 hides a CANCELLED subscription's renewal fields: it renews no more. Its name stays editable.
  if (Object.keys(renewal).length > 0 && subscription.status === 'CANCELLED') {
    throw new DomainError('conflict', 'subscription_not_renewing', {
      field: Object.keys(renewal)[0],
      detail: 'a CANCELLED subscription does not renew',
    });
  }
  const figures: { recurring_cost?: string | null; total_contract_value?: string | null } = {};
  if (renewal.renewal_term_months !== undefined) {
    // 000 §9: the contract value counts whole billing periods over the term.
    const billing = subscription.billing_frequency;
    if (billing !== null && renewal.renewal_term_months % BILLING_FREQUENCY_MONTHS[billing] !== 0) {
      throw new DomainError('unprocessable', 'renewal_term_billing', {
        field: 'renewal_term_months',
        detail: `${billing} bills every ${BILLING_FREQUENCY_MONTHS[billing]} months`,
      });
    }
    // The figures follow the term (the plan of that term, the number of terms): stored anew, so the
    // record and its breakdown agree.
    const totals = await subscriptionTotals(context.db, {
      ...(await subscriptionFacts(context.db, params.id)),
      renewal_term_months: renewal.renewal_term_months,
    });
    figures.recurring_cost = stored(totals.recurringCost);
    figures.total_contract_value = stored(totals.totalContractValue);
  }
  await context.records.update('subscription', params.id, { ...(body.name !== undefined && { name: body.name }), ...renewal, ...figures });
  return shown(params.id, context);
};
