import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { formValidatorFunctions } from 'virtual:form-validators';
import { forms, type FormName } from '../generated/forms';

/** What FormView draws: the generated schema and uiSchema, and the validator for that schema. */
export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

const cache = new Map<FormName, FormDefinition>();

/**
 * A generated form with its build-time compiled validator (no `eval` in the browser, which the
 * CSP forbids). Pass `uiSchema` to add screen-specific options such as `ui:tabs`.
 */
export function formDefinition(name: FormName): FormDefinition {
  let definition = cache.get(name);
  if (!definition) {
    const generated = forms[name];
    const validateFns = formValidatorFunctions[name];
    if (!validateFns) throw new Error(`No precompiled validator for form "${name}": is the Vite plugin configured?`);
    // rjsf looks validators up by the schema's hash: hand it a plain, mutable copy of the same
    // schema (the generated one is a readonly `as const` literal, hence the cast via unknown).
    const schema = structuredClone(generated.schema) as unknown as RJSFSchema;
    definition = {
      schema,
      uiSchema: structuredClone(generated.uiSchema) as unknown as UiSchema,
      validator: createPrecompiledValidator(validateFns, schema),
    };
    cache.set(name, definition);
  }
  return definition;
}
