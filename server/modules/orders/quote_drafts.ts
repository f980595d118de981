import type { Handler } from '../../http/operationDef';
import { createDraftQuote, draftQuote, updateDraftQuote } from './draftQuotes';

// The quote editor's details (001 §2, §7): rules live in draftQuotes.

export const createQuote: Handler<'createQuote'> = async ({ body }, context) => createDraftQuote(body, context);

export const updateQuote: Handler<'updateQuote'> = async ({ params, body }, context) => updateDraftQuote(params.id, body, context);

export const getQuoteDraft: Handler<'getQuoteDraft'> = async ({ params }, context) => draftQuote(params.id, context);
