import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { getDefaultFormState } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import type { MessageKey } from '../generated/messages';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { Spinner } from '../ui/Spinner';
import { applyClears } from './formClears';
import { localiseErrors } from './formErrors';
import { isChanged, problemToFieldErrors } from './formState';
import { readTabs } from './formTabs';
import { localiseUiSchema } from './localiseForm';
import { TabbedObjectFieldTemplate } from './TabbedObjectFieldTemplate';
import { EmailCheckWidget } from './widgets/EmailCheckWidget';
import { OrganisationWidget } from './widgets/OrganisationWidget';
import { UserTimeoutWidget } from './widgets/UserTimeoutWidget';
import type { FormController } from './useFormController';

interface FormViewProps<Data> {
  /** A generated form with its validator: `formDefinition('request_account_form')`. */
  form: { schema: RJSFSchema; uiSchema: UiSchema; validator: ValidatorType };
  controller: FormController<Data>;
  /** Wording of the save and cancel buttons (`register.submit`…), per form. */
  submitKey: MessageKey;
  cancelKey: MessageKey;
  /** Extra buttons beside Save and Cancel. */
  actions?: ReactNode;
  disabled?: boolean;
  /** The spec's `clears`: a field whose change empties others. */
  clears?: Readonly<Record<string, readonly string[]>> | undefined;
  /**
   * After a 412 (someone else saved the record meanwhile) the form says so and offers this: load
   * the record again, keeping what the user typed.
   */
  onStaleReload?: () => void;
  /** The record as loaded, beyond the form's fields (a user's organisation), for widgets that need it. */
  record?: unknown;
}

/**
 * What widgets read beyond their own field: the form's organisation as chosen, and the loaded
 * record. Only these, so the context (which rjsf compares) changes only when they do: a context
 * new on every keystroke made rjsf derive its state again and again.
 */
export interface FormContext {
  organisation: unknown;
  record: unknown;
}

/** Widgets the spec may name beyond rjsf's own (`widgets: { organisation: organisation }`). */
const WIDGETS = { organisation: OrganisationWidget, email_check: EmailCheckWidget, user_timeout: UserTimeoutWidget };

/**
 * A generic edit form: rjsf draws the generated schema, its precompiled validator checks it, the
 * server's problem+json is shown on its field (or on top). Save and Cancel work only on changes.
 */
export function FormView<Data>({
  form,
  controller,
  submitKey,
  cancelKey,
  actions,
  disabled = false,
  clears,
  onStaleReload,
  record,
}: FormViewProps<Data>) {
  const t = useT();
  const organisation = (controller.data as { organisation?: unknown } | null)?.organisation;
  const formContext = useMemo<FormContext>(() => ({ organisation, record }), [organisation, record]);

  const uiSchema = useMemo(() => {
    const translator = { has: isMessageKey, translate: (key: string) => (isMessageKey(key) ? t(key) : key) };
    const localised = localiseUiSchema(form.schema, form.uiSchema, translator);
    return readTabs(form.uiSchema).length > 0 ? { ...localised, 'ui:ObjectFieldTemplate': TabbedObjectFieldTemplate } : localised;
  }, [form.schema, form.uiSchema, t]);
  // ajv's English ('must match pattern …') becomes the catalogue's words in the user's language.
  const transformErrors = useCallback((errors: RJSFValidationError[]) => localiseErrors(errors, t), [t]);

  // rjsf fills schema defaults (an empty list…) into the data it reports; make the loaded
  // record carry them too, or an untouched form would count as changed.
  const { original, rebase } = controller;
  useEffect(() => {
    if (original === null) return;
    const defaulted: unknown = getDefaultFormState(form.validator, form.schema, original, form.schema);
    if (isChanged(original, defaulted)) rebase(defaulted as Data);
  }, [original, form.validator, form.schema, rebase]);

  const problem = controller.saveProblem;
  const stale = problem?.status === 412 && onStaleReload !== undefined;
  const problemText = problem
    ? isMessageKey(problem.message_key)
      ? t(problem.message_key, problem.parameter ? { parameter: problem.parameter } : undefined)
      : t('problem.internal')
    : null;
  const problemMessage = stale ? t('problem.stale_record') : problemText;
  const fieldErrors = problemToFieldErrors(problem, problemMessage ?? '');

  // Save needs a valid form as well as a changed one; rjsf then shows each field's problem as
  // it is typed (after the first change), so a disabled Save always has a visible reason.
  const valid = useMemo(
    () => controller.data === null || form.validator.isValid(form.schema, controller.data, form.schema),
    [controller.data, form.validator, form.schema],
  );

  if (controller.loading && controller.data === null) return <Spinner />;

  return (
    <div className="form-view">
      {problemMessage && !fieldErrors && (
        <p className="alert alert--danger" role="alert">
          {problemMessage}
          {stale && (
            <>
              {' '}
              <button type="button" className="button" onClick={onStaleReload}>
                {t('form.reload')}
              </button>
            </>
          )}
        </p>
      )}
      <Form<Data>
        schema={form.schema}
        uiSchema={uiSchema}
        validator={form.validator}
        transformErrors={transformErrors}
        widgets={WIDGETS}
        formContext={formContext}
        formData={controller.data ?? undefined}
        onChange={(event) => controller.setData(applyClears(controller.data, event.formData as Data, clears))}
        onSubmit={() => void controller.save()}
        {...(fieldErrors ? { extraErrors: fieldErrors as ErrorSchema<Data> } : {})}
        showErrorList={false}
        {...(controller.changed && { liveValidate: 'onChange' as const })}
        noHtml5Validate
        disabled={disabled || controller.saving}
      >
        <div className="form-view__actions">
          <button type="submit" className="button button--primary" disabled={!controller.changed || !valid || controller.saving}>
            {t(submitKey)}
          </button>
          <button type="button" className="button" disabled={!controller.changed || controller.saving} onClick={controller.reset}>
            {t(cancelKey)}
          </button>
          {actions}
        </div>
      </Form>
    </div>
  );
}
