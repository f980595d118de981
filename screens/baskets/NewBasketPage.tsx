import { hasModule } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { BasketView } from './BasketPage';
import { useNewBasketEditor } from './useNewBasketEditor';

/**
 * Route basket_new (/webstore/baskets/new, 000 §2.8): "same table" as the basket page — the
 * details table with every row open, the address dropdown of the caller's organisation, and the
 * (empty) line items; Save creates the basket and goes to its page.
 */
export function NewBasketPage() {
  const { user } = useCurrentUser();
  return <BasketView editor={useNewBasketEditor(hasModule(user, 'DOVETAIL'))} isNew />;
}
