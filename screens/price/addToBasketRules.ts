/** A basket the add-to-basket dialog offers (GET /baskets): the caller's organisation's open ones. */
export interface BasketChoice {
  id: number;
  name: string | null;
}

/** What the buyer picked in the baskets selector: nothing yet, an open basket, or a new one. */
export type BasketPick = { kind: 'none' } | { kind: 'existing'; id: number } | { kind: 'new' };

/** The most a basket name may hold (000 §5, §9). */
export const BASKET_NAME_MAX = 255;

/** 000 §5 basket_name_exist: a new name clashes with an open basket's in any case, trimmed (the server's unique index agrees). */
export function basketNameTaken(name: string, baskets: readonly BasketChoice[]): boolean {
  const wanted = name.trim().toLowerCase();
  return wanted !== '' && baskets.some((basket) => (basket.name ?? '').trim().toLowerCase() === wanted);
}

/** The name a new basket gets: what was typed (trimmed), else the default "New basket" + date and time. */
export function newBasketName(typed: string, defaultName: string): string {
  return typed.trim() === '' ? defaultName : typed.trim().slice(0, BASKET_NAME_MAX);
}

export type ProceedBlock = 'no_basket' | 'maintenance_required' | 'basket_name_exist';

/**
 * 000 §5: Proceed is disabled until a basket is chosen, while a product offering maintenance has
 * none chosen, and while a new basket's name (or its default) is one the organisation uses.
 */
export function proceedBlock(input: {
  pick: BasketPick;
  maintenanceOffered: boolean;
  maintenanceId: number | null;
  newName: string;
  baskets: readonly BasketChoice[];
}): ProceedBlock | null {
  if (input.pick.kind === 'none') return 'no_basket';
  if (input.maintenanceOffered && input.maintenanceId === null) return 'maintenance_required';
  if (input.pick.kind === 'new' && basketNameTaken(input.newName, input.baskets)) return 'basket_name_exist';
  return null;
}

/** The basket's name as an alert shows it: its name, or its id when it has none (000 §7). */
export function basketLabel(basket: { id: number; name: string | null }): string {
  return basket.name ?? String(basket.id);
}
