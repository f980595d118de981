import { financeContactNumberValid, missingFinanceFields, type FinanceDetails } from '../../shared/pricing/finance';
import { SHIPPING_ADDRESS_REQUIRED } from '../../shared/pricing/shipping';
import { editableDetails, requiredDetails } from '../../shared/baskets/lineDetails';
import type { Draft, PricedRow } from './checkoutData';

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** 000 §5 e-mail: empty or one character passes; longer must look like an address with a 2–15 letter top-level part. */
export function emailValid(value: string | null | undefined): boolean {
  if (!value || value.length <= 1) return true;
  return /^[A-Za-z0-9.'&_%+\-/=?^`{|}~ ]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,15}$/.test(value);
}

export interface PoRules {
  required: boolean;
  /** The uniqueness check found the number on another order (000 §5 non_unique_po_number). */
  taken: boolean;
}

export function poValid(draft: Draft, rules: PoRules): boolean {
  const po = draft.purchase_order_number ?? '';
  if (po.length > 45) return false;
  if (rules.required && po.trim() === '') return false;
  return !rules.taken;
}

/**
 * 000 §5 details step complete; `detailProblems` counts the line-detail rules broken as typed or
 * refused by the server (team name length, shape, clashes).
 */
export function detailsComplete(draft: Draft, rows: PricedRow[], rules: PoRules, detailProblems = 0): boolean {
  if (!poValid(draft, rules) || rows.length === 0 || detailProblems > 0) return false;
  if (rows.some((row) => row.priced.problems.some((problem) => problem.field !== 'markup' && problem.field !== 'discount'))) return false;
  for (const row of rows) {
    for (const field of requiredDetails(row.product.subscription_type)) {
      if (blank(row.line[field])) return false;
    }
    const emails = editableDetails(row.product.subscription_type).filter((field) => field.endsWith('_email'));
    if (emails.some((field) => !emailValid(row.line[field]))) return false;
  }
  if (rows.some((row) => row.product.subscription_type === 'ZOOM')) {
    if (blank(draft.end_user) || blank(draft.end_user_email) || !emailValid(draft.end_user_email)) return false;
  }
  return true;
}

/** 000 §5 shipping step complete (details complete is checked beside it). */
export function shippingComplete(draft: Draft, shippable: boolean, offered: number[]): boolean {
  if (!shippable) return true;
  if (SHIPPING_ADDRESS_REQUIRED.some((field) => blank(draft[field]))) return false;
  return draft.shipping_type !== null && offered.includes(draft.shipping_type);
}

export function financeDetailsComplete(draft: Draft): boolean {
  return (
    missingFinanceFields(draft as unknown as FinanceDetails).length === 0 &&
    emailValid(draft.finance_email_address) &&
    contactNumberValid(draft.finance_contact_number)
  );
}

/** 000 §5: a 0 followed by up to 11 digits (the server applies the same rule, shared/pricing/finance.ts). */
export const contactNumberValid = financeContactNumberValid;
