import { notSignedIn } from '../../domain/errors';
import type { Handler } from '../../http/operationDef';
import type { Records } from '../../writes/records';
import { toCurrentUser } from './handlers';

/** Stores a user's interface language (their `user_language`) through the audited write path. */
export async function saveUserLanguage(records: Records, userId: number, language: string): Promise<void> {
  await records.update('user', userId, { user_language: language });
}

/**
 * PUT /whoami/language: the signed-in user (the emulated one, while emulating) chooses the
 * language of their interface; the body schema has already refused a language that is not one of
 * the locales. Answers the current user as whoami does, in the new language.
 */
export const updateMyLanguage: Handler<'updateMyLanguage'> = async ({ body }, context) => {
  if (!context.user) throw notSignedIn();
  await saveUserLanguage(context.records, context.user.id, body.user_language);
  return toCurrentUser({ ...context.user, user_language: body.user_language });
};
