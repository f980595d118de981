import type { Handler } from '../../http/operationDef';
import { genericGet } from '../../http/genericList';
import type { Feed } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import { genericMetaOf } from '../../http/recordParts';
import { insertFeed } from './service';

/** A new feed (002 §2.10 feeds/new) under insertFeed's rules, answered as getFeed shows it (no password). */
export const createFeed: Handler<'createFeed'> = async ({ body }, context) => {
  const user = signedIn(context);
  const id = await insertFeed(context.records, user, body);
  return (await genericGet(context.db, genericMetaOf('getFeed'), { params: { id }, query: {}, user })) as Feed;
};
