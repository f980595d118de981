import { detailProblem, teamNameClash, type SubscriptionType } from '../../../shared/baskets/lineDetails';
import { DomainError } from '../../domain/errors';
import type { QuoteAcceptInput } from '../../generated/types';
import type { Records } from '../../writes/records';
import { existingTeamNames } from '../baskets/lineDetails';
import type { Buyer } from '../checkout/checkoutLines';
import { recipientProducts, storedQuoteLines } from './quoteLines';

export type RecipientLineNames = NonNullable<QuoteAcceptInput['line_items']>;

/**
 * The subscription names the recipient gives a sent quote's lines (001 §5 "Quote accept": Dropbox
 * and Acronis details, the named orders), by line id, with a basket line's rules (000 §5): each
 * line of the quote (422 unknown_line_item otherwise), only its own kind's fields, the team-name
 * shape and pairs. Each change is audited on the quote. With `clashes`, a new Dropbox team must
 * also be new to the organisation and on one line only (a save; acceptance checks it with the rest).
 */
export async function saveRecipientNames(
  records: Records,
  quoteId: number,
  buyer: Buyer,
  sent: RecipientLineNames | undefined,
  clashes = false,
): Promise<void> {
  if (!sent || sent.length === 0) return;
  const stored = await storedQuoteLines(records.db, quoteId);
  const products = await recipientProducts(
    records.db,
    buyer,
    stored.map((line) => line.product),
  );
  for (const [index, line] of sent.entries()) {
    const target = stored.find((candidate) => candidate.id === line.id);
    if (!target) throw new DomainError('unprocessable', 'unknown_line_item', { field: `line_items/${index}/id` });
    const { id, ...names } = line;
    const problem = detailProblem((products.get(target.product)?.subscription_type ?? null) as SubscriptionType | null, names);
    if (problem) throw new DomainError('unprocessable', problem.code, { field: `line_items/${index}/${problem.field}` });
    await records.update('quote_line_item', id, names, {
      auditOn: { entity: 'quote', id: quoteId, field: 'line_items', value: `line ${id}` },
    });
  }
  if (!clashes) return;
  const lines = await storedQuoteLines(records.db, quoteId);
  const teams = lines.map((line) =>
    products.get(line.product)?.subscription_type === 'DROPBOX' ? ((line['dropbox_team_name'] as string | null) ?? null) : null,
  );
  const clash = teamNameClash(teams, await existingTeamNames(records.db, buyer.id));
  if (clash) {
    const at = sent.findIndex((line) => line.id === lines[clash.index]?.id);
    throw new DomainError('conflict', clash.code, { field: at < 0 ? 'line_items' : `line_items/${at}/dropbox_team_name` });
  }
}
