import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { FormName } from '../generated/forms';
import { useT } from '../i18n/useT';
import { RecordEditForm } from '../record/RecordEditForm';
import { useRouteNavigate } from '../routing/useRouteNavigate';
import { formConfig } from './formConfig';

/**
 * A generated form on a route with :id (spec form with `load` and `update`): the record from the
 * form's load, saved with its update. A record the load refuses (missing, out of scope, or no
 * longer editable, such as a sent quote) replaces the address with the not-found page.
 */
export function GenericEditScreen({ name }: { name: FormName }) {
  const config = formConfig(name);
  const t = useT();
  const goTo = useRouteNavigate();
  const { id } = useParams();
  const notFound = useCallback(() => goTo('notFound', {}, { replace: true }), [goTo]);
  if (!config.load || id === undefined) throw new Error(`Form "${name}" cannot edit a record: it has no load`);
  return (
    <section className="record-view">
      <h1>{t('form.edit')}</h1>
      <RecordEditForm form={name} recordPath={config.load.path} id={id} onLoadFailed={notFound} />
    </section>
  );
}
