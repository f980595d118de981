/** Served by runtime/build/formValidatorsPlugin: the precompiled validators of the generated forms. */
declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  export const formValidatorFunctions: Record<string, ValidatorFunctions>;
}
