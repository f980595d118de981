import { useState } from 'react';
import { api } from '../../runtime/api/client';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import {
  EMPTY_REGISTER_INTEREST,
  registerInterestErrors,
  toAccountRequest,
  type RegisterInterestField,
  type RegisterInterestValues,
} from './registerInterestRules';

/**
 * The register-interest form's values, which fields the visitor has been at, and its submission
 * (POST /public/request_account). Success shows register_interest_success and clears the form;
 * a failure is silently ignored (000 §8), the form stays as typed.
 */
export function useRegisterInterestForm(onDone: () => void) {
  const alerts = useAlerts();
  const [values, setValues] = useState<RegisterInterestValues>(EMPTY_REGISTER_INTEREST);
  const [touched, setTouched] = useState<Partial<Record<RegisterInterestField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const errors = registerInterestErrors(values);
  const valid = Object.keys(errors).length === 0;

  const change = <F extends RegisterInterestField>(field: F, value: RegisterInterestValues[F]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: RegisterInterestField) => setTouched((current) => ({ ...current, [field]: true }));

  const reset = () => {
    setValues(EMPTY_REGISTER_INTEREST);
    setTouched({});
  };

  const submit = async () => {
    const body = toAccountRequest(values);
    if (!valid || !body || submitting) return;
    setSubmitting(true);
    try {
      const { response } = await api.POST('/public/request_account', { body });
      if (response.status === 201) {
        alerts.push({ type: 'register_interest', level: 'success', messageKey: 'register_interest_success' });
        reset();
        onDone();
      }
    } catch (error) {
      // 000 §8: a failed request is ignored; logged for whoever looks at the console.
      console.warn('Register interest failed', error);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, touched, valid, submitting, change, touch, reset, submit };
}
