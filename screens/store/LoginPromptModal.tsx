import { useLocation } from 'react-router';
import { useT } from '../../runtime/i18n/useT';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { Modal } from '../../runtime/ui/Modal';

interface LoginPromptModalProps {
  open: boolean;
  onClose: () => void;
  /** Opens the register-interest form. */
  onSignUp: () => void;
}

/**
 * What Buy opens in the public store (000 §2.5): log in (coming back here afterwards), continue
 * as a guest (closes), or sign up (the register-interest form).
 */
export function LoginPromptModal({ open, onClose, onSignUp }: LoginPromptModalProps) {
  const t = useT();
  const location = useLocation();
  const goTo = useRouteNavigate();
  return (
    <Modal
      open={open}
      title={t('buy_modal.title')}
      onClose={onClose}
      closeLabel={t('alert.close')}
      footer={
        <div className="login-prompt__actions" data-testid="login-prompt">
          <button
            type="button"
            className="button button--primary"
            data-testid="login-prompt-login"
            onClick={() => goTo('login', {}, { query: { next: `${location.pathname}${location.search}` } })}
          >
            {t('buy_modal.log_in')}
          </button>
          <button type="button" className="button" data-testid="login-prompt-guest" onClick={onClose}>
            {t('buy_modal.guest')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="login-prompt-sign-up"
            onClick={() => {
              onClose();
              onSignUp();
            }}
          >
            {t('buy_modal.sign_up')}
          </button>
        </div>
      }
    >
      <p>{t('buy_modal.text')}</p>
    </Modal>
  );
}
