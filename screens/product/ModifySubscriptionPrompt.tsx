import { Link } from 'react-router';
import { useT } from '../../runtime/i18n/useT';

/**
 * The subscriptions screen arrives with a later release and has no named route yet, so this links
 * by its path (000 §2.6: a prompt to modify an existing subscription).
 */
export const SUBSCRIPTIONS_PATH = '/webstore/subscriptions';

/** Shown on subscription products: buyers who already subscribe change that subscription instead. */
export function ModifySubscriptionPrompt() {
  const t = useT();
  return (
    <p className="product-subscription-prompt" data-testid="modify-subscription">
      <Link to={SUBSCRIPTIONS_PATH}>{t('product.modify_subscription')}</Link>
    </p>
  );
}
