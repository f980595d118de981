import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { ApiProblem, fetchRecord } from '../api/client';
import type { FormName } from '../generated/forms';
import { useT } from '../i18n/useT';
import { useMessage } from '../list/useMessage';
import { useRouteNavigate } from '../routing/useRouteNavigate';
import { useCurrentUser } from '../session/useCurrentUser';
import { formConfig } from './formConfig';
import { formDefinition } from './formDefinition';
import { guardedForm } from './formGuards';
import { FormView } from './FormView';
import { prefillValues, recordPrefill } from './prefill';
import { sendJson } from './sendJson';
import { useFormController } from './useFormController';
import { failureAlert, successAlert } from '../actions/actionRules';
import { useAlerts } from '../alerts/useAlerts';

type Data = Record<string, unknown>;

/**
 * A generated form creating a record (spec `form:` with `create`): prefilled (from messages, and
 * from the record of the route's :id with `prefill_from`: a role to duplicate), Save POSTs (to a
 * path that may take that :id too) and opens the new record's route; a problem stays on the form
 * with everything typed kept. A record to start from that cannot be read sends to notFound. The
 * form's `success` alert names the new record, its `failure` alert the one typed.
 */
export function GenericCreateScreen({ name }: { name: FormName }) {
  const config = formConfig(name);
  const t = useT();
  const message = useMessage();
  const goTo = useRouteNavigate();
  const { id } = useParams();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const zone = user?.timezone ?? undefined;
  const withId = useCallback((path: string) => path.replace('{id}', encodeURIComponent(id ?? '')), [id]);

  const load = useCallback(
    async (signal: AbortSignal) => {
      let record: Data = {};
      if (config.prefillFrom) {
        try {
          record = await fetchRecord<Data>(withId(config.prefillFrom.path), signal);
        } catch (error) {
          if (error instanceof ApiProblem) goTo('notFound', {}, { replace: true });
          throw error;
        }
      }
      const translate = (key: string, values: Record<string, string>) =>
        message(key) === null ? key : t(key as Parameters<typeof t>[0], values);
      return {
        ...recordPrefill(Object.keys(config.schema.properties), record),
        ...prefillValues(config.prefill, translate, new Date(), zone, record),
      };
    },
    [config, withId, goTo, message, t, zone],
  );
  const controller = useFormController<Data>({
    load,
    save: async (data) => {
      try {
        const created = (await sendJson('POST', withId(config.create!.path), data)) as { id: number };
        if (config.success) push(successAlert('form', name, config.success, { ...data, ...created }));
        goTo(config.create!.route, { id: String(created.id) });
      } catch (error) {
        if (error instanceof ApiProblem && config.failure) push(failureAlert('form', name, config.failure, data, error, false));
        throw error;
      }
    },
    loadKey: `${zone ?? ''}:${id ?? ''}`,
    fresh: true,
  });
  const form = useMemo(() => guardedForm(formDefinition(name), config.guards, user), [name, config.guards, user]);

  return (
    <section className="record-view">
      <h1>{config.title ? (message(config.title) ?? config.title) : t('form.new')}</h1>
      <FormView form={form} controller={controller} submitKey="form.save" cancelKey="form.cancel" clears={config.clears} />
    </section>
  );
}
