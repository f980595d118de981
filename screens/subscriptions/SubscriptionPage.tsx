import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { ActionBar } from '../../runtime/actions/ActionBar';
import type { ActionConfig } from '../../runtime/actions/actionTypes';
import { recordScreens } from '../../runtime/generated/screens';
import { useT } from '../../runtime/i18n/useT';
import { useCellContext } from '../../runtime/list/useCellContext';
import type { RecordTabConfig } from '../../runtime/record/ChildListTab';
import { RecordTabs, type LoadedRecord } from '../../runtime/record/RecordTabs';
import { RecordValueView } from '../../runtime/record/RecordValueView';
import { formConfig } from '../../runtime/form/formConfig';
import type { FormName } from '../../runtime/generated/forms';
import { RecordEditForm } from '../../runtime/record/RecordEditForm';
import { describeValue, type Definitions, type JsonSchema } from '../../runtime/record/recordFields';
import { useRecord } from '../../runtime/record/useRecord';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { guardPasses, type Guard } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Spinner } from '../../runtime/ui/Spinner';
import { subscriptionDefinition } from './subscriptionDefinition';
import '../../runtime/record/recordView.css';
import './subscriptionPage.css';

interface SubscriptionScreen {
  readonly path: string;
  readonly title?: string;
  readonly schema: JsonSchema & { readonly definitions: Definitions };
  readonly tabs: readonly RecordTabConfig[];
  readonly actions?: readonly ActionConfig[];
  readonly edit?: { readonly form: FormName; readonly guard: Guard };
}

const SCREEN: SubscriptionScreen = recordScreens.subscription;

/** A CANCELLED subscription's renewal is not edited (it is not shown either): only its name. */
const NAME_FORM: FormName = 'subscription_name_form';

/**
 * The subscription page (001 §2): the record screen `subscription` of the spec — its header actions
 * (activate, cancel, activate change, cancel change) and its breakdown and order history tabs —
 * around a definition that hides what does not apply. Users with contract:modify (the screen's
 * `edit` guard) edit the name and renewal in a form above the rest of the definition (PUT
 * /subscriptions/{id}, docs/after-sale.md). An unknown id goes to the not-found page.
 */
export function SubscriptionPage() {
  const t = useT();
  const context = useCellContext();
  const goTo = useRouteNavigate();
  const { id } = useParams();
  const load = useRecord(SCREEN.path, id);
  const { user } = useCurrentUser();

  useEffect(() => {
    if (load.status === 'failed') goTo('notFound', {}, { replace: true });
  }, [load.status, goTo]);

  const values = (load.status === 'loaded' ? load.record : {}) as Readonly<Record<string, unknown>>;
  const form =
    SCREEN.edit && guardPasses(user, SCREEN.edit.guard) ? (values['status'] === 'CANCELLED' ? NAME_FORM : SCREEN.edit.form) : null;
  const described = useMemo(() => {
    if (load.status !== 'loaded') return null;
    const record = load.record as Record<string, unknown>;
    const edited = new Set(form === null ? [] : Object.keys(formConfig(form).schema.properties));
    return subscriptionDefinition(
      describeValue(SCREEN.schema, record, SCREEN.schema.definitions, context),
      record,
      context.message,
      edited,
    );
  }, [load, context, form]);
  const record: LoadedRecord = { values, etag: load.status === 'loaded' ? load.etag : null, reload: load.reload };
  const tabs = SCREEN.tabs.filter((tab) => guardPasses(user, tab.guard));

  // The form loads the record itself; a new ETag (a header action, or its own save) loads it anew.
  const definition = described && id !== undefined && (
    <div className="subscription-definition">
      {form !== null && (
        <RecordEditForm key={`${form} ${record.etag ?? ''}`} form={form} recordPath={SCREEN.path} id={id} onSaved={load.reload} />
      )}
      <RecordValueView value={described} />
    </div>
  );

  return (
    <section className="record-view">
      <h1>{load.status === 'loaded' ? `${t('subscriptions.one')}: ${String(values['name'] ?? '')}` : t('subscriptions.one')}</h1>
      {SCREEN.actions && described && id !== undefined && (
        <ActionBar
          actions={SCREEN.actions}
          subject={{ values, recordId: id }}
          etag={record.etag}
          reload={load.reload}
          className="action-bar action-bar--record"
        />
      )}
      {!definition || id === undefined ? <Spinner /> : <RecordTabs tabs={tabs} id={id} record={record} definition={definition} />}
    </section>
  );
}
