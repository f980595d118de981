import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { hasModule, hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Modal } from '../../runtime/ui/Modal';
import { Spinner } from '../../runtime/ui/Spinner';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { toMoneyString } from '../../shared/pricing';
import { BasketDetailsTable } from './BasketDetailsTable';
import { BasketLinesTable } from './BasketLinesTable';
import { useBasketEditor, type BasketEditor } from './useBasketEditor';
import './baskets.css';

/**
 * The basket page (000 §2.8): back link, the basket's name as heading, the details table and the
 * line items, edited in place and saved as one (PUT /baskets/{id}); Save, Save and checkout,
 * Cancel (reload) and Delete (confirmed, then back to the baskets). Without order:modify_draft
 * everything is read-only (000 §6), and a user who may check out (order:checkout) goes on to the
 * wizard with Checkout, saving nothing; Save and checkout needs both. An unknown basket goes to
 * notFound (000 §8).
 */
export function BasketPage() {
  const { id } = useParams();
  const goTo = useRouteNavigate();
  const { user } = useCurrentUser();
  const editor = useBasketEditor(id, hasModule(user, 'DOVETAIL'));
  useEffect(() => {
    if (editor.status === 'failed') goTo('notFound', {}, { replace: true });
  }, [editor.status, goTo]);
  return <BasketView editor={editor} isNew={false} />;
}

interface BasketViewProps {
  editor: BasketEditor;
  /** The new-basket page (000 §2.8 basket_new): every row open, Save creates it; nothing to check out or delete yet. */
  isNew: boolean;
}

/** The basket page's view of an editor: the existing basket's, or a new one's (NewBasketPage). */
export function BasketView({ editor, isNew }: BasketViewProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const goTo = useRouteNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { basket, draft, checks } = editor;
  // Root reads the baskets of its tree (000 §2.8), writes only its own and never buys (000 §1).
  const othersBasket = !isNew && basket !== null && basket.organisation?.id !== user?.organisation?.id;
  const editable = hasPermission(user, 'order:modify_draft') && !othersBasket;
  const mayCheckout = hasPermission(user, 'order:checkout') && !user?.root;

  if (editor.status !== 'loaded' || !draft || !checks || (!isNew && !basket)) return <Spinner />;
  const currency = basket?.currency ?? user?.organisation?.currency ?? 'GBP';
  const title = isNew ? t('basket_page.new_title') : (basket?.name ?? t('baskets.one'));
  const checkoutButton = (
    <button
      type="button"
      className="button button--primary"
      disabled={!checks.canCheckout || editor.busy || (editor.changed && !checks.canSave)}
      onClick={() => void editor.save('checkout')}
      data-testid="basket-save-checkout"
    >
      {t('basket_page.save_and_checkout')}
    </button>
  );
  // Read-only: nothing to save, straight on to the wizard (the same completeness rule, 000 §5).
  const readOnlyCheckout = basket && (
    <button
      type="button"
      className="button button--primary"
      disabled={!checks.canCheckout}
      onClick={() => goTo('basket_checkout', { id: basket.id })}
      data-testid="basket-checkout"
    >
      {t('baskets.checkout')}
    </button>
  );
  const withReason = (button: ReactNode) =>
    checks.canCheckout ? button : <Tooltip text={t('checkout_complete_required_fields')}>{button}</Tooltip>;

  return (
    <section className="basket-page" data-testid="basket-page">
      <RouteLink to="baskets" className="basket-page__back">
        ← {t('basket_page.back')}
      </RouteLink>
      <h1 data-testid="basket-title">{title}</h1>
      {othersBasket && (
        <p data-testid="basket-organisation">
          {t('baskets.organisation')}: {basket?.organisation?.name}
        </p>
      )}
      <h2>{t('basket_page.details')}</h2>
      <BasketDetailsTable editor={editor} draft={draft} editable={editable} openAll={isNew} currency={currency} />
      <h2>{t('basket_page.lines')}</h2>
      <BasketLinesTable editor={editor} draft={draft} editable={editable} root={user?.root ?? false} currency={currency} />
      <p className="basket-page__total">
        {t('basket_page.total')}: <strong data-testid="basket-subtotal">{formatMoney(toMoneyString(checks.subtotal), currency)}</strong>
      </p>
      {editable && (
        <div className="basket-page__buttons">
          <button
            type="button"
            className="button button--primary"
            disabled={!checks.canSave || editor.busy}
            onClick={() => void editor.save()}
            data-testid="basket-save"
          >
            {t('basket_page.save')}
          </button>
          {!isNew && mayCheckout && withReason(checkoutButton)}
          <button
            type="button"
            className="button"
            disabled={!editor.changed || editor.busy}
            onClick={editor.cancel}
            data-testid="basket-cancel"
          >
            {t('basket_page.cancel')}
          </button>
          {!isNew && (
            <button
              type="button"
              className="button button--danger"
              disabled={editor.busy}
              onClick={() => setConfirmDelete(true)}
              data-testid="basket-delete"
            >
              {t('basket_page.delete')}
            </button>
          )}
        </div>
      )}
      {!editable && !isNew && mayCheckout && <div className="basket-page__buttons">{withReason(readOnlyCheckout)}</div>}
      {basket && (
        <Modal
          open={confirmDelete}
          title={t('basket_page.delete')}
          closeLabel={t('alert.close')}
          onClose={() => setConfirmDelete(false)}
          footer={
            <>
              <button type="button" className="button" disabled={editor.busy} onClick={() => setConfirmDelete(false)}>
                {t('confirm.no')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={editor.busy}
                onClick={() => void editor.remove()}
                data-testid="basket-delete-yes"
              >
                {t('confirm.yes')}
              </button>
            </>
          }
        >
          <p>{t('confirm.delete_basket', { name: basket.name ?? String(basket.id) })}</p>
        </Modal>
      )}
    </section>
  );
}
