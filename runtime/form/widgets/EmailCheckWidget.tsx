import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { fetchRecord } from '../../api/client';
import { useT } from '../../i18n/useT';

/** How long typing must pause before the address is checked with the server. */
const CHECK_DELAY_MS = 500;

/**
 * A user's e-mail address (002 §5): checked with the server as it is typed (`GET
 * /lookup/check_email`, with the id of the user being edited), which answers whether it has the
 * right shape and belongs to no other user; the field says which before Save. A failed check
 * counts as invalid. The server refuses a taken address on save regardless (409).
 */
export function EmailCheckWidget({ id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus }: WidgetProps) {
  const t = useT();
  const { id: recordId } = useParams();
  const [valid, setValid] = useState<boolean | null>(null);
  const email = typeof value === 'string' ? value.trim() : '';

  useEffect(() => {
    setValid(null);
    if (email === '') return undefined;
    const controller = new AbortController();
    const query = new URLSearchParams({ email, ...(recordId && /^\d+$/.test(recordId) && { id: recordId }) });
    const timer = setTimeout(() => {
      fetchRecord<{ valid: boolean }>(`/lookup/check_email?${query}`, controller.signal).then(
        (answer) => setValid(answer.valid),
        (error: unknown) => {
          if (!(error instanceof DOMException && error.name === 'AbortError')) setValid(false);
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, recordId]);

  return (
    <>
      <input
        id={id}
        type="email"
        className="form-control"
        value={typeof value === 'string' ? value : ''}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-invalid={valid === false}
        aria-describedby={`${id}-check`}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <small id={`${id}-check`} className={valid === false ? 'form-error' : 'form-help'} role="status">
        {valid === null ? '' : t(valid ? 'users.email_available' : 'invalid_email')}
      </small>
    </>
  );
}
