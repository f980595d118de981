import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../api/client';
import { useT } from '../../i18n/useT';
import type { FormContext } from '../FormView';
import { limitingOrganisation, loweredTimeout, NO_ORGANISATION_TIMEOUT, timeoutChoices, type TimeoutLimit } from './timeoutChoices';

/** The organisation's users' longest timeout, from the picker every signed-in user may read. */
function useOrganisationTimeout(organisation: number | null): TimeoutLimit {
  const [limit, setLimit] = useState<TimeoutLimit>({ status: 'loading' });
  useEffect(() => {
    if (organisation === null) {
      setLimit({ status: 'known', seconds: NO_ORGANISATION_TIMEOUT });
      return undefined;
    }
    setLimit({ status: 'loading' });
    const controller = new AbortController();
    fetchList<{ id: number; user_inactivity_timeout: number }>('/organisations/picker', { id: organisation }, controller.signal).then(
      ({ rows }) => setLimit(rows[0] ? { status: 'known', seconds: rows[0].user_inactivity_timeout } : { status: 'unknown' }),
      (error: unknown) => {
        if (!isAbortError(error)) setLimit({ status: 'unknown' });
      },
    );
    return () => controller.abort();
  }, [organisation]);
  return limit;
}

/**
 * A user's inactivity timeout (002 §4): the choices go up to their organisation's timeout (only
 * 30 minutes before an organisation is chosen), and a longer value, or none, is lowered to it —
 * so the form never offers what the server refuses (422 timeout_above_organisation).
 */
export function UserTimeoutWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  autofocus,
  options,
  registry,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const t = useT();
  const context = registry.formContext as FormContext | undefined;
  const formHasOrganisation = registry.rootSchema.properties?.['organisation'] !== undefined;
  const organisation = limitingOrganisation(formHasOrganisation, context?.organisation, context?.record ?? null);
  const limit = useOrganisationTimeout(organisation);
  const choices = timeoutChoices(options.enumOptions ?? [], limit);

  const lowered = loweredTimeout(value, limit);
  useEffect(() => {
    if (lowered !== undefined && !disabled && !readonly) onChange(lowered);
  }, [lowered, disabled, readonly, onChange]);

  const limitLabel =
    limit.status === 'known' ? (options.enumOptions ?? []).find((option) => Number(option.value) === limit.seconds)?.label : undefined;
  return (
    <>
      <select
        id={id}
        className="form-control"
        value={value === undefined || value === null ? '' : String(value)}
        required={required}
        disabled={disabled || readonly || limit.status === 'loading'}
        autoFocus={autofocus}
        aria-describedby={`${id}-limit`}
        onChange={(event) => onChange(Number(event.target.value))}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        {choices.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <small id={`${id}-limit`} className="form-help">
        {organisation === null ? t('users.timeout_no_organisation') : limitLabel ? t('users.timeout_limit', { limit: limitLabel }) : ''}
      </small>
    </>
  );
}
