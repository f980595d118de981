import { useCallback, useEffect } from 'react';
import { fetchRecord } from '../api/client';
import { formConfig, formFields } from '../form/formConfig';
import { formDefinition } from '../form/formDefinition';
import { guardedForm } from '../form/formGuards';
import { FormView } from '../form/FormView';
import { sendJson } from '../form/sendJson';
import { useFormController } from '../form/useFormController';
import type { FormName } from '../generated/forms';
import { useCurrentUser } from '../session/useCurrentUser';

type Data = Record<string, unknown>;

/**
 * A record's definition as an edit form (spec `edit:`): loaded from the record's get, Save PUTs
 * the form's fields (never the id) to the form's update and the answer becomes the baseline.
 */
export function RecordEditForm({ form, recordPath, id, onLoadFailed }: { form: FormName; recordPath: string; id: string; onLoadFailed?: () => void }) {
  const config = formConfig(form);
  const { user } = useCurrentUser();
  const load = useCallback(
    async (signal: AbortSignal) => formFields(config, await fetchRecord(recordPath.replace('{id}', encodeURIComponent(id)), signal)),
    [config, recordPath, id],
  );
  const controller = useFormController<Data>({
    load,
    save: async (data) => formFields(config, await sendJson('PUT', config.update!.path.replace('{id}', encodeURIComponent(id)), formFields(config, data))),
    loadKey: id,
  });
  const failed = controller.loadError !== null;
  useEffect(() => {
    if (failed) onLoadFailed?.();
  }, [failed, onLoadFailed]);
  // Cancel reloads the record: someone may have changed it meanwhile.
  return (
    <FormView
      form={guardedForm(formDefinition(form), config.guards, user)}
      controller={{ ...controller, reset: controller.reload }}
      submitKey="form.save"
      cancelKey="form.cancel"
      clears={config.clears}
    />
  );
}
