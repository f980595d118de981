import type { ValidatorType } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import type { GuardHolder } from '../session/guard';
import type { FormDefinition } from './formDefinition';
import { guardedForm } from './formGuards';

const form: FormDefinition = {
  schema: { type: 'object', properties: { name: { type: 'string' }, template: { type: 'boolean', default: false } } },
  uiSchema: { 'ui:order': ['name', 'template'], template: { 'ui:help': 'kept' } },
  validator: {} as ValidatorType,
};
const rootAdmin: GuardHolder = { admin: true, root: true, permissions: [] };
const resellerAdmin: GuardHolder = { admin: true, root: false, permissions: [] };
const guards = { template: { root: true, admin: true } };

describe('guardedForm', () => {
  it('hides a field from users failing its guard, keeping its other ui options and the schema', () => {
    const guarded = guardedForm(form, guards, resellerAdmin);
    expect(guarded.uiSchema['template']).toEqual({ 'ui:help': 'kept', 'ui:widget': 'hidden' });
    expect(guarded.schema).toBe(form.schema);
    expect(guardedForm(form, guards, null).uiSchema['template']).toMatchObject({ 'ui:widget': 'hidden' });
  });

  it('leaves the form as it is for users passing every guard, or without guards', () => {
    expect(guardedForm(form, guards, rootAdmin)).toBe(form);
    expect(guardedForm(form, undefined, resellerAdmin)).toBe(form);
  });
});
