import { useCallback } from 'react';
import type { FormName } from '../generated/forms';
import { useT } from '../i18n/useT';
import { useMessage } from '../list/useMessage';
import { useRouteNavigate } from '../routing/useRouteNavigate';
import { useCurrentUser } from '../session/useCurrentUser';
import { formConfig } from './formConfig';
import { formDefinition } from './formDefinition';
import { FormView } from './FormView';
import { prefillValues } from './prefill';
import { sendJson } from './sendJson';
import { useFormController } from './useFormController';

type Data = Record<string, unknown>;

/**
 * A generated form creating a record (spec `form:` with `create`): prefilled, Save POSTs and
 * opens the new record's route; a problem stays on the form with everything typed kept.
 */
export function GenericCreateScreen({ name }: { name: FormName }) {
  const config = formConfig(name);
  const t = useT();
  const message = useMessage();
  const goTo = useRouteNavigate();
  const { user } = useCurrentUser();
  const zone = user?.timezone ?? undefined;

  const load = useCallback(
    () => Promise.resolve(prefillValues(config.prefill, (key, values) => (message(key) === null ? key : t(key as Parameters<typeof t>[0], values)), new Date(), zone)),
    [config.prefill, message, t, zone],
  );
  const controller = useFormController<Data>({
    load,
    save: async (data) => {
      const created = (await sendJson('POST', config.create!.path, data)) as { id: number };
      goTo(config.create!.route, { id: String(created.id) });
    },
    loadKey: zone ?? '',
    fresh: true,
  });

  return (
    <section className="record-view">
      <h1>{t('form.new')}</h1>
      <FormView form={formDefinition(name)} controller={controller} submitKey="form.save" cancelKey="form.cancel" clears={config.clears} />
    </section>
  );
}
