import type { UiSchema } from '@rjsf/utils';
import { guardPasses, type Guard, type GuardHolder } from '../session/guard';
import type { FormDefinition } from './formDefinition';

/**
 * The form as this user may fill it (spec form `guards`): a field whose guard fails is hidden,
 * keeping its default, so the precompiled validator's schema stays the one it was built for.
 * The server refuses the value from such a user anyway (a role's template: 403 forbidden_field).
 */
export function guardedForm(
  form: FormDefinition,
  guards: Readonly<Record<string, Guard>> | undefined,
  user: GuardHolder | null | undefined,
): FormDefinition {
  const hidden = Object.entries(guards ?? {}).filter(([, guard]) => !guardPasses(user, guard));
  if (hidden.length === 0) return form;
  const uiSchema: UiSchema = { ...form.uiSchema };
  for (const [field] of hidden) uiSchema[field] = { ...(uiSchema[field] as UiSchema | undefined), 'ui:widget': 'hidden' };
  return { ...form, uiSchema };
}
