import type { ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  max?: number;
  required?: boolean;
  invalid?: boolean;
  readOnly?: boolean;
  type?: 'text' | 'email' | 'tel';
  children?: ReactNode;
}

/** A labelled text input; an empty value is null, as the API stores it. Required fields carry an asterisk. */
export function TextField({ id, label, value, onChange, max, required, invalid, readOnly, type = 'text', children }: TextFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value ?? ''}
        maxLength={max}
        required={required}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        data-testid={id}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      />
      {children}
    </div>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  required?: boolean;
}

export function SelectField({ id, label, value, onChange, options, required }: SelectFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select id={id} name={id} value={value} data-testid={id} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
