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
import { describeValue, type Definitions, type JsonSchema, type RecordValue } from '../../runtime/record/recordFields';
import { useRecord } from '../../runtime/record/useRecord';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { guardPasses } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Spinner } from '../../runtime/ui/Spinner';
import '../../runtime/record/recordView.css';

/** 001 §2: a CANCELLED subscription renews no more, so its renewal fields are left out. */
const RENEWAL_FIELDS = new Set(['auto_renewal_flag', 'renewal_term_months', 'end_date']);

interface SubscriptionScreen {
  readonly path: string;
  readonly title?: string;
  readonly schema: JsonSchema & { readonly definitions: Definitions };
  readonly tabs: readonly RecordTabConfig[];
  readonly actions?: readonly ActionConfig[];
}

const SCREEN: SubscriptionScreen = recordScreens.subscription;

/** The definition as shown: without the renewal fields when CANCELLED, without an unset service activation date (001 §2). */
export function shownDefinition(value: RecordValue, record: Readonly<Record<string, unknown>>): RecordValue {
  if (value.kind !== 'object') return value;
  const hidden = (name: string) => (record['status'] === 'CANCELLED' && RENEWAL_FIELDS.has(name)) || (name === 'service_activation_date' && record[name] == null) || (name === 'changes_activated_on' && record[name] == null);
  return { ...value, entries: value.entries.filter((entry) => !hidden(entry.name)) };
}

/**
 * The subscription page (001 §2): the record screen `subscription` of the spec — its header actions
 * (activate, cancel, activate change, cancel change) and its breakdown and order history tabs —
 * around a definition that hides what does not apply. An unknown id goes to the not-found page.
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
  const described = useMemo(
    () => (load.status === 'loaded' ? shownDefinition(describeValue(SCREEN.schema, load.record, SCREEN.schema.definitions, context), load.record as Record<string, unknown>) : null),
    [load, context],
  );
  const record: LoadedRecord = { values, etag: load.status === 'loaded' ? load.etag : null, reload: load.reload };
  const tabs = SCREEN.tabs.filter((tab) => guardPasses(user, tab.guard));

  return (
    <section className="record-view">
      <h1>{load.status === 'loaded' ? `${t('subscriptions.one')}: ${String(values['name'] ?? '')}` : t('subscriptions.one')}</h1>
      {SCREEN.actions && described && id !== undefined && (
        <ActionBar actions={SCREEN.actions} subject={{ values, recordId: id }} etag={record.etag} reload={load.reload} className="action-bar action-bar--record" />
      )}
      {!described || id === undefined ? <Spinner /> : <RecordTabs tabs={tabs} id={id} record={record} definition={<RecordValueView value={described} />} />}
    </section>
  );
}
