import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import { genericCreate, genericUpdate } from '../../http/genericWrite';
import type { Handler } from '../../http/operationDef';
import type { User } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import { sendLink } from './accountLinks';
import { userCreateMeta, userUpdateMeta } from './userMeta';

/** 000 §3 / 002 §3: a new user subscribes to every notification type. */
export const NOTIFICATION_TYPES = [
  'buy_price_increased',
  'checkout_requested',
  'order_created',
  'order_requires_manual_auth',
  'order_status_changed',
  'quote_amended',
  'quote_created',
  'quote_expiry_warning',
] as const;

/**
 * 002 §4: a user's inactivity timeout is at most their organisation's (422
 * timeout_above_organisation). Sessions apply the lower of the two as well (loadSessionUser), so
 * an organisation lowering its own later shortens its users' sessions at once.
 */
async function checkTimeout(db: Knex, organisationId: number, timeout: number | undefined): Promise<void> {
  if (timeout === undefined) return;
  const organisation = await db('organisations').where('id', organisationId).first('user_inactivity_timeout');
  if (organisation && timeout > Number(organisation.user_inactivity_timeout)) {
    throw new DomainError('unprocessable', 'timeout_above_organisation', { field: 'timeout' });
  }
}

/**
 * 002 §2.6 new user: created UNVERIFIED without a password, subscribed to the eight notifications,
 * and sent an invitation link (72 h) to choose a password, all in the request's transaction.
 */
export const createUser: Handler<'createUser'> = async (input, context) => {
  signedIn(context);
  const created = (await genericCreate(context, userCreateMeta, {
    params: input.params,
    query: input.query as Record<string, unknown>,
    body: input.body,
    user: context.user,
  })) as User;
  await checkTimeout(context.db, input.body.organisation, input.body.timeout);
  for (const type of NOTIFICATION_TYPES) await context.records.insert('user_notification', { user: created.id, type });
  await sendLink(
    context.records,
    {
      id: created.id,
      name: created.name,
      email_address: created.email_address,
      user_language: created.user_language,
      organisation: input.body.organisation,
    },
    'INVITATION',
    context.now(),
  );
  return created;
};

export const updateUser: Handler<'updateUser'> = async (input, context) => {
  signedIn(context);
  const updated = (await genericUpdate(context, userUpdateMeta, {
    params: input.params,
    query: input.query as Record<string, unknown>,
    body: input.body,
    user: context.user,
  })) as User;
  await checkTimeout(context.db, updated.organisation!.id, input.body.timeout);
  return updated;
};
