import { useId, type ReactNode } from 'react';
import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import type { Problem } from './organisationChecks';

/** A problem's text in the user's language: its message with its values, or its key when the catalogue lacks it. */
export function useProblemText(): (problem: Problem | undefined) => string | undefined {
  const t = useT();
  return (problem) => (problem === undefined ? undefined : isMessageKey(problem.key) ? t(problem.key, problem.values) : problem.key);
}

interface FieldProps {
  /** The label's message key. */
  label: string;
  problem?: Problem;
  /** Renders the control, given the id its label points at and the id of its error text. */
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
  hint?: string;
  wide?: boolean;
}

/** One labelled control of the organisation editor, with its problem beside it (000 §2.2: "this field is required"…). */
export function EditorField({ label, problem, children, hint, wide }: FieldProps) {
  const t = useT();
  const text = useProblemText();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div
      className={`organisation-editor__field${wide ? ' organisation-editor__field--wide' : ''}${problem ? ' organisation-editor__field--invalid' : ''}`}
    >
      <label htmlFor={id}>{isMessageKey(label) ? t(label) : label}</label>
      {children({ id, describedBy: problem ? errorId : undefined })}
      {hint && <small className="organisation-editor__hint">{hint}</small>}
      {problem && (
        <small id={errorId} className="organisation-editor__error" role="alert">
          {text(problem)}
        </small>
      )}
    </div>
  );
}

/** A checkbox with its label after it. */
export function EditorCheckbox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  return (
    <label className="organisation-editor__checkbox">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {isMessageKey(label) ? t(label) : label}
    </label>
  );
}
