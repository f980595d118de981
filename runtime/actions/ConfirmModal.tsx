import { useId, useState } from 'react';
import type { MessageKey } from '../generated/messages';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { messageValues } from './actionRules';
import type { ActionConfirm } from './actionTypes';
import { Modal } from '../ui/Modal';

interface ConfirmModalProps {
  title: string;
  confirm: ActionConfirm;
  /** The row or record whose values fill the text's placeholders ({{name}}). */
  values: Readonly<Record<string, unknown>>;
  /** The action runs: every button is disabled until it ends. */
  busy: boolean;
  onConfirm: (input: string) => void;
  onCancel: () => void;
}

const text = (t: ReturnType<typeof useT>, key: string, values?: Record<string, string>) => (isMessageKey(key) ? t(key, values) : key);

/**
 * The shared confirmation modal (000 §2.8): Yes / No, or Proceed / Cancel when it has an input
 * (text, trimmed, at most `max` characters; when `required`, Proceed waits until it says something).
 * While the action runs its buttons are disabled.
 */
export function ConfirmModal({ title, confirm, values, busy, onConfirm, onCancel }: ConfirmModalProps) {
  const t = useT();
  const inputId = useId();
  const [input, setInput] = useState('');
  const withInput = confirm.input !== undefined;
  const missing = confirm.input?.required === true && input.trim() === '';
  const yes: MessageKey = withInput ? 'confirm.proceed' : 'confirm.yes';
  const no: MessageKey = withInput ? 'confirm.cancel' : 'confirm.no';
  return (
    <Modal
      open
      title={title}
      closeLabel={t('alert.close')}
      onClose={() => {
        if (!busy) onCancel();
      }}
      footer={
        <>
          <button type="button" className="button button--primary" disabled={busy || missing} onClick={() => onConfirm(input)}>
            {t(yes)}
          </button>
          <button type="button" className="button" disabled={busy} onClick={onCancel}>
            {t(no)}
          </button>
        </>
      }
    >
      <p>{text(t, confirm.text, messageValues(values))}</p>
      {confirm.input && (
        <p>
          <label htmlFor={inputId}>{text(t, confirm.input.label)}</label>{' '}
          <input
            id={inputId}
            type="text"
            value={input}
            disabled={busy}
            required={confirm.input.required === true}
            {...(confirm.input.max !== undefined && { maxLength: confirm.input.max })}
            onChange={(event) => setInput(event.target.value)}
          />
        </p>
      )}
    </Modal>
  );
}
