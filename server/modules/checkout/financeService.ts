import { FINANCE_REFUSAL_FIELD, financeFigures, financeRefusal, type FinanceDetails } from '../../../shared/pricing/finance';
import type { CheckoutInput } from '../../generated/types';
import { DomainError } from '../../domain/errors';
import { creditProvider } from '../../integrations/creditProvider';
import type { Records } from '../../writes/records';
import { hasPermission, type SessionUser } from '../auth/sessionUser';
import { financeLineOf } from './checkoutLines';
import { checkFinanceOffered, loadBasketState } from './basketState';
import { financedShipping, recordApproval } from './financeApproval';
import { saveWizardInput } from './wizardSave';

/**
 * 000 §4, §5 Apply for finance: the basket saved as sent with payment FINANCE, the hub's own
 * eligibility rules (422 with their message keys), then the provider's decision. Approved sets
 * the basket's finance_approved with the fingerprint of what was approved (financeApproval.ts); declined leaves it unset and answers success false (the wizard's
 * declined modal). The decision is part of the request's transaction: a failure after it
 * leaves no approval behind.
 */
export async function applyForFinance(records: Records, user: SessionUser, basketId: number, input: CheckoutInput): Promise<boolean> {
  await saveWizardInput(
    records,
    basketId,
    { ...input, payment_type: 'FINANCE' },
    { linesEditable: hasPermission(user, 'order:modify_draft') },
  );
  const state = await loadBasketState(records, basketId);
  if (state.lines.length === 0) throw new DomainError('unprocessable', 'basket_no_line_items', { field: 'line_items' });
  checkFinanceOffered(user, state);
  const shipping = await financedShipping(records, state);
  const lines = state.lines.map(financeLineOf);
  const refusal = financeRefusal(lines, state.basket as unknown as FinanceDetails);
  if (refusal)
    throw new DomainError('unprocessable', refusal, {
      field: FINANCE_REFUSAL_FIELD[refusal],
      detail: 'the basket does not qualify for finance',
    });
  const target = state.basket.finance_target!;
  const term = state.basket.finance_term_length!;
  const figures = financeFigures(lines, target, shipping, term);
  const provider = await creditProvider();
  const { approved } = await provider.decide({
    company_number: String(state.basket['finance_company_number']),
    amount: figures.net_sub_total,
    term,
    target,
  });
  if (approved) await recordApproval(records, basketId, state, shipping);
  return approved;
}
