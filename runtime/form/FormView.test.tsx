import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProblem } from '../api/problem';
import { forms } from '../generated/forms';
import { loadLanguage, LOCALES, switchLanguage } from '../i18n/i18n';
import type { FormController } from './useFormController';
import { FormView } from './FormView';

// Server-side rendering in node: no DOM library is installed, so this checks the markup that
// FormView draws for a given controller state (interaction is covered by the reducer tests).

type Basket = { name: string; notes?: string | null; company_type?: string };

// Node allows ajv's runtime compilation; the browser build uses precompiled validators instead.
const form: { schema: RJSFSchema; uiSchema: UiSchema } = {
  schema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { title: 'basket_form.name', type: 'string' },
      notes: { title: 'basket_form.notes', type: ['string', 'null'] },
      company_type: { title: 'register.company_type', type: 'string', enum: ['reseller', 'other'] },
    },
  },
  uiSchema: { 'ui:order': ['name', 'notes', 'company_type'] },
};

function controller(overrides: Partial<FormController<Basket>> = {}): FormController<Basket> {
  return {
    original: { name: 'Office' },
    data: { name: 'Office' },
    loading: false,
    saving: false,
    loadError: null,
    saveProblem: null,
    fresh: false,
    changed: false,
    setData: () => undefined,
    updateData: () => undefined,
    save: async () => true,
    reset: () => undefined,
    rebase: () => undefined,
    refresh: () => undefined,
    reload: () => undefined,
    ...overrides,
  };
}

const render = (state: FormController<Basket>, ui: UiSchema = form.uiSchema) =>
  renderToStaticMarkup(
    <FormView
      form={{ schema: form.schema, uiSchema: ui, validator }}
      controller={state}
      submitKey="register.submit"
      cancelKey="register.cancel"
    />,
  );

describe('FormView', () => {
  it('draws the fields with translated or readable labels and translated enum names', () => {
    const html = render(controller());
    expect(html).toContain('Company type');
    expect(html).toContain('>Name<');
    expect(html).toContain('Reseller');
    expect(html).toContain('value="Office"');
  });

  it('disables Save and Cancel until something changed', () => {
    expect(render(controller())).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Submit<\/button>/u);
    expect(render(controller({ changed: true }))).toMatch(/<button type="submit" class="button button--primary">Submit<\/button>/u);
  });

  it('disables Save while the edits are not valid', () => {
    expect(render(controller({ changed: true, data: { notes: 'no name' } as unknown as Basket }))).toMatch(
      /<button type="submit"[^>]*disabled=""[^>]*>Submit<\/button>/u,
    );
  });

  it('shows a problem with a parameter beside its field, and one without on top', () => {
    const fieldProblem = ApiProblem.fromBody(400, {
      status: 400,
      code: 'invalid_body',
      message_key: 'problem.invalid_parameter',
      parameter: 'name',
    });
    const fieldHtml = render(controller({ saveProblem: fieldProblem, changed: true }));
    expect(fieldHtml).toContain('The parameter name is not valid.');
    expect(fieldHtml).not.toContain('role="alert"');

    const generalProblem = ApiProblem.fromBody(500, { status: 500, code: 'internal', message_key: 'problem.internal' });
    expect(render(controller({ saveProblem: generalProblem }))).toMatch(/role="alert">Sorry, something went wrong/u);
  });

  it('says that someone else saved the record meanwhile (412) and offers to reload it', () => {
    const stale = ApiProblem.fromBody(412, { status: 412, code: 'stale_record', message_key: 'problem.stale_record' });
    const html = renderToStaticMarkup(
      <FormView
        form={{ schema: form.schema, uiSchema: form.uiSchema, validator }}
        controller={controller({ saveProblem: stale, changed: true })}
        submitKey="register.submit"
        cancelKey="register.cancel"
        onStaleReload={() => undefined}
      />,
    );
    expect(html).toMatch(
      /role="alert">Someone else changed this record while you were editing it\. Reload it to see their changes\. <button type="button" class="button">Reload<\/button>/u,
    );
  });

  it('groups fields into tabs when the uiSchema has ui:tabs', () => {
    const html = render(controller(), {
      ...form.uiSchema,
      'ui:tabs': [
        { key: 'main', labelKey: 'store.filters', fields: ['name'] },
        { key: 'more', labelKey: 'store.type', fields: ['company_type'] },
      ],
    });
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/aria-selected="true"[^>]*>Filters</u);
    // notes is on no tab, so it joins the first; the second panel is hidden.
    expect(html).toMatch(/role="tabpanel"[^>]*hidden=""/u);
  });

  it('shows the spinner while the first load runs', () => {
    expect(render(controller({ loading: true, data: null, original: null }))).toContain('Please wait');
  });
});

describe('enum choices of the generated forms', () => {
  beforeAll(() => Promise.all(LOCALES.map(loadLanguage)));
  afterEach(() => switchLanguage('en'));

  /** The options of one select of a generated form, rendered in a language, as [value, text]. */
  function optionsOf(name: keyof typeof forms, field: string, data: Record<string, unknown>, language = 'en'): string[][] {
    switchLanguage(language);
    const generated = structuredClone(forms[name]) as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
    // The organisation picker needs a signed-in user; these checks are about the enum selects.
    for (const fieldUi of Object.values(generated.uiSchema)) if (fieldUi?.['ui:widget'] === 'organisation') delete fieldUi['ui:widget'];
    const html = renderToStaticMarkup(
      <FormView
        form={{ ...generated, validator }}
        controller={controller({ original: data as Basket, data: data as Basket })}
        submitKey="form.save"
        cancelKey="form.cancel"
      />,
    );
    const select = new RegExp(`<select id="root_${field}"[^>]*>(.*?)</select>`, 'u').exec(html)?.[1] ?? '';
    return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/gu)].map((match) => [match[1]!, match[2]!]);
  }

  it('shows each value by its label, never the raw value', () => {
    expect(optionsOf('product_group_form', 'status', { name: 'Acme' }).map(([, text]) => text)).toEqual(['Draft', 'Live']);
    expect(optionsOf('user_form', 'timeout', { name: 'Acme' }).map(([, text]) => text)).toEqual([
      '24 hours',
      '12 hours',
      '8 hours',
      '4 hours',
      '2 hours',
      '1 hour',
      '30 minutes',
    ]);
    expect(optionsOf('feed_form', 'delimiter', { name: 'Daily' }).map(([, text]) => text)).toEqual(['Comma', 'Semicolon']);
  });

  it('offers a labelled empty choice for a nullable enum instead of "null", and no blank one', () => {
    const texts = optionsOf('product_group_form', 'subscription_product_type', { name: 'Group', subscription_product_type: null }).map(
      ([, text]) => text,
    );
    expect(texts).toEqual(['Base', 'Add-on', '— None —']);
    expect(texts).not.toContain('null');
  });

  it('in the language of the user', () => {
    expect(optionsOf('product_group_form', 'status', { name: 'Gruppe' }, 'de').map(([, text]) => text)).toEqual(['Entwurf', 'Live']);
    expect(optionsOf('user_form', 'user_language', { name: 'Ada' }, 'it').map(([, text]) => text)).toEqual([
      'Deutsch',
      'English',
      'Español',
      'Français',
      'Italiano',
      'Nederlands',
    ]);
  });
});
