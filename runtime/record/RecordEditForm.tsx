import { useCallback, useRef, useState } from 'react';
import { failureAlert, successAlert } from '../actions/actionRules';
import { useAlerts } from '../alerts/useAlerts';
import { ApiProblem, fetchTaggedRecord } from '../api/client';
import { sendRequest } from '../api/send';
import { formConfig, formFields } from '../form/formConfig';
import { formDefinition } from '../form/formDefinition';
import { guardedForm } from '../form/formGuards';
import { FormView } from '../form/FormView';
import { useFormController } from '../form/useFormController';
import type { FormName } from '../generated/forms';
import { useCurrentUser } from '../session/useCurrentUser';

type Data = Record<string, unknown>;

interface RecordEditFormProps {
  form: FormName;
  /** The record's get (`/users/{id}`): what the form loads, and whose ETag the update sends as If-Match. */
  recordPath: string;
  id: string;
  /** Heard after each save (the record screen loads the record again). */
  onSaved?: () => void;
}

/**
 * A record's definition as an edit form (spec `edit:`): loaded from the record's get, Save PUTs
 * the form's fields (never the id) to the form's update with If-Match, the ETag of the record as
 * loaded, and the answer becomes the baseline. The form's `success` / `failure` alerts name the
 * record. When someone else saved it meanwhile (412) the form says so and offers to load it
 * again, keeping what was typed.
 */
export function RecordEditForm({ form, recordPath, id, onSaved }: RecordEditFormProps) {
  const config = formConfig(form);
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const recordUrl = recordPath.replace('{id}', encodeURIComponent(id));
  const etag = useRef<string | null>(null);
  const loaded = useRef<Data>({});
  // The record beyond the form's fields, for widgets (a user's timeout is limited by their organisation).
  const [record, setRecord] = useState<Data>({});

  // The update compares If-Match with the ETag of its own record get, which may not be the one
  // the form loads (a screen may read the record through another get): then that get gives the ETag.
  const tagUrl = config.update?.etagFrom?.replace('{id}', encodeURIComponent(id));
  const fetchFields = useCallback(
    async (signal?: AbortSignal) => {
      const answer = await fetchTaggedRecord<Data>(recordUrl, signal);
      etag.current = tagUrl === undefined || tagUrl === recordUrl ? answer.etag : (await fetchTaggedRecord(tagUrl, signal)).etag;
      loaded.current = answer.record;
      setRecord(answer.record);
      return formFields(config, answer.record);
    },
    [config, recordUrl, tagUrl],
  );
  const save = async (data: Data) => {
    try {
      const answer = await sendRequest('PUT', config.update!.path.replace('{id}', encodeURIComponent(id)), {
        body: formFields(config, data),
        ifMatch: etag.current,
      });
      // An update answering the record as its get does carries the new ETag; otherwise read it.
      if (answer.etag) etag.current = answer.etag;
      else if (tagUrl !== undefined) etag.current = (await fetchTaggedRecord(tagUrl)).etag;
      else await fetchFields();
      const saved = (answer.body ?? data) as Data;
      if (config.success) push(successAlert('form', form, config.success, { ...loaded.current, ...saved }));
      onSaved?.();
      return formFields(config, saved);
    } catch (error) {
      // A stale record is said on the form itself, with its reload button.
      if (error instanceof ApiProblem && error.status !== 412 && config.failure)
        push(failureAlert('form', form, config.failure, { ...loaded.current, ...data }, error, false));
      throw error;
    }
  };
  const controller = useFormController<Data>({ load: fetchFields, save, loadKey: id });
  const { refresh } = controller;
  const staleReload = useCallback(() => {
    void fetchFields().then(refresh, () => undefined);
  }, [fetchFields, refresh]);
  // Cancel reloads the record: someone may have changed it meanwhile.
  return (
    <FormView
      form={guardedForm(formDefinition(form), config.guards, user)}
      controller={{ ...controller, reset: controller.reload }}
      submitKey="form.save"
      cancelKey="form.cancel"
      clears={config.clears}
      onStaleReload={staleReload}
      record={record}
    />
  );
}
