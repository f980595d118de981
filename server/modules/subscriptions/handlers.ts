import { DomainError } from '../../domain/errors';
import type { Handler, RequestContext } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';
import type { Subscription } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import { placeChangeOrder as place, previewChangeOrder as preview } from './changeOrders';

/** The subscription as its get shows it to the caller: a 404 outside their scope, as if missing. */
const shown = async (id: number, context: RequestContext) =>
  (await visibleRecord('getSubscription', id, context)) as unknown as Subscription;

/** 001 §4: these actions apply to ZOOM subscriptions in one state; any other is refused, never ignored. */
function refuse(detail: string): never {
  throw new DomainError('conflict', 'invalid_state', { detail });
}

const today = (context: RequestContext) => new Date(context.now()).toISOString().slice(0, 10);

/** POST /subscriptions/{id}/activate: PENDING → ACTIVE from a service activation date not before the start date (001 §5). */
export const activateSubscription: Handler<'activateSubscription'> = async ({ params, body }, context) => {
  const subscription = await shown(params.id, context);
  if (subscription.type !== 'ZOOM' || subscription.status !== 'PENDING')
    refuse(`a ${subscription.type} subscription that is ${subscription.status} cannot be activated`);
  if (subscription.start_date !== null && body.service_activation_date < subscription.start_date) {
    throw new DomainError('unprocessable', 'service_activation_before_start', {
      field: 'service_activation_date',
      detail: `the subscription starts on ${subscription.start_date}`,
    });
  }
  await context.records.update(
    'subscription',
    params.id,
    { status: 'ACTIVE', service_activation_date: body.service_activation_date },
    { action: 'ACTIVATE' },
  );
  return shown(params.id, context);
};

/** POST /subscriptions/{id}/activate_changes: the pending change takes effect on a date not before today (UTC, 001 §5). */
export const activateSubscriptionChanges: Handler<'activateSubscriptionChanges'> = async ({ params, body }, context) => {
  const subscription = await shown(params.id, context);
  if (subscription.type !== 'ZOOM' || !subscription.pending_change)
    refuse(`a ${subscription.type} subscription without a pending change has none to activate`);
  if (body.activation_date < today(context)) {
    throw new DomainError('unprocessable', 'change_activation_before_today', {
      field: 'activation_date',
      detail: `today is ${today(context)}`,
    });
  }
  await context.records.update(
    'subscription',
    params.id,
    { pending_change: false, changes_activated_on: body.activation_date },
    { action: 'ACTIVATE_CHANGES' },
  );
  return shown(params.id, context);
};

export const previewChangeOrder: Handler<'previewChangeOrder'> = async ({ body }, context) =>
  preview(context.records, signedIn(context), body);

export const placeChangeOrder: Handler<'placeChangeOrder'> = async ({ body }, context) => place(context.records, signedIn(context), body);
