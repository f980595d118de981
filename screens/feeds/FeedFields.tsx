import { useId, type ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import type { FieldProblem } from './feedDraft';

interface FieldProps {
  label: string;
  /** The control, given the ids it must carry: its own, and those describing it. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  problem?: FieldProblem | undefined;
  /** A line under the control saying more (the filename's placeholder, a locked choice). */
  hint?: ReactNode;
  required?: boolean;
}

/**
 * One labelled control of the feed page with its hint and its problem as typed (002 §5): the
 * problem is tied to the control (aria-invalid, aria-describedby) so a screen reader says it too.
 */
export function FeedField({ label, children, problem, hint, required }: FieldProps) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-group feed-field">
      {/* The required mark stays outside the label: the label names the control, nothing more. */}
      <span className="feed-field__label">
        <label htmlFor={id}>{label}</label>
        {required && <span aria-hidden="true"> *</span>}
      </span>
      {children({ id, describedBy, invalid: problem !== undefined })}
      {hint && (
        <p id={hintId} className="feed-field__hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={problemId} className="error-detail feed-field__problem" role="alert">
          {t(problem.key, problem.values)}
        </p>
      )}
    </div>
  );
}

interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: FieldProblem | undefined;
  hint?: ReactNode;
  required?: boolean;
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
  autoComplete?: string;
  max?: number;
}

export function TextInput({ label, value, onChange, problem, hint, required, type = 'text', placeholder, autoComplete, max }: TextProps) {
  return (
    <FeedField label={label} problem={problem} hint={hint} required={required ?? false}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="form-control"
          type={type}
          value={value}
          maxLength={max}
          placeholder={placeholder}
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FeedField>
  );
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}

export function Checkbox({ label, checked, onChange, disabled, hint }: CheckboxProps) {
  const id = useId();
  return (
    <div className="form-group feed-field feed-field--checkbox">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="feed-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export interface Choice<Value extends string | number> {
  value: Value;
  label: string;
  disabled?: boolean;
  title?: string;
}

interface SelectProps<Value extends string | number> {
  label: string;
  value: Value | null;
  choices: readonly Choice<Value>[];
  onChange: (value: Value | null) => void;
  /** The empty choice's text; without it there is none. */
  empty?: string;
  problem?: FieldProblem | undefined;
  hint?: ReactNode;
  required?: boolean;
}

/** A select of strings or numbers (a time slot, an organisation id), an empty choice being null. */
export function Select<Value extends string | number>({
  label,
  value,
  choices,
  onChange,
  empty,
  problem,
  hint,
  required,
}: SelectProps<Value>) {
  const byText = new Map(choices.map((choice) => [String(choice.value), choice.value]));
  return (
    <FeedField label={label} problem={problem} hint={hint} required={required ?? false}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="form-control"
          value={value === null ? '' : String(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          onChange={(event) => onChange(byText.get(event.target.value) ?? null)}
        >
          {empty !== undefined && <option value="">{empty}</option>}
          {choices.map((choice) => (
            <option key={String(choice.value)} value={String(choice.value)} disabled={choice.disabled} title={choice.title}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FeedField>
  );
}
