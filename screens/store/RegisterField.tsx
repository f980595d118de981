import type { ReactNode } from 'react';

interface RegisterFieldProps {
  label: string;
  required?: boolean;
  /** The problem to show under the control, once the visitor has been at the field. */
  error: string | null;
  /** A hint on hover (the e-mail and phone formats). */
  tooltip?: string;
  testId: string;
  children: ReactNode;
}

/** One labelled field of the register-interest form with its problem message. */
export function RegisterField({ label, required = false, error, tooltip, testId, children }: RegisterFieldProps) {
  return (
    <div className={error ? 'register-field register-field--invalid' : 'register-field'} title={tooltip} data-testid={testId}>
      <label className="register-field__label">
        <span>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </span>
        {children}
      </label>
      {error && (
        <span className="register-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
