import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { recordScreens, type RecordScreenName } from '../generated/screens';
import { rowMeets } from '../list/cellFormat';
import type { GenericLink } from '../list/genericListConfig';
import { ScreenLinks } from '../list/ScreenLinks';
import { useCellContext } from '../list/useCellContext';
import { useMessage } from '../list/useMessage';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { useRouteNavigate } from '../routing/useRouteNavigate';
import type { FormName } from '../generated/forms';
import { guardPasses, type Guard } from '../session/guard';
import { useCurrentUser } from '../session/useCurrentUser';
import { RecordEditForm } from './RecordEditForm';
import { Spinner } from '../ui/Spinner';
import { describeValue, type Definitions, type JsonSchema, type RecordValue } from './recordFields';
import { formConfig } from '../form/formConfig';
import type { RecordTabConfig } from './ChildListTab';
import { RecordTabs, type LoadedRecord } from './RecordTabs';
import { ActionBar } from '../actions/ActionBar';
import { tabSlots } from '../generated/slots';
import { Slot } from '../slots/Slot';
import type { ActionConfig } from '../actions/actionTypes';
import { RecordValueView } from './RecordValueView';
import { titleValues, type TitleValue } from './recordTitle';
import { useRecord } from './useRecord';
import './recordView.css';

interface RecordScreenConfig {
  readonly path: string;
  readonly title?: string;
  /** The title's placeholders, filled from the record once it has loaded. */
  readonly titleValues?: Readonly<Record<string, TitleValue>>;
  readonly schema: JsonSchema & { readonly definitions: Definitions };
  /** The record's child lists, shown as tabs after its definition. */
  readonly tabs: readonly RecordTabConfig[];
  /** Links to the record's other pages (its audit log…), each passing its id. */
  readonly links: readonly GenericLink[];
  /** Users passing `guard` edit the definition with this generated form; others read it. */
  readonly edit?: { readonly form: FormName; readonly guard: Guard };
  /** Buttons under the heading (Delete, Enable…); after the view, when there is one. */
  readonly actions?: readonly ActionConfig[];
  /** A hand-written component drawing the record instead of the definition list (the order page). */
  readonly view?: string;
  /** The view draws the tab bar: it gets the tabs below and puts its own first (the organisation editor). */
  readonly viewTabs?: boolean;
}

const configs: Readonly<Record<string, RecordScreenConfig>> = recordScreens;

/**
 * What an editor of the record sees besides its form: the record's other properties, read-only
 * (a role's organisation, created, created by and last modification, 002 §2.8), its id apart.
 */
export function beyondForm(value: RecordValue, form: FormName): RecordValue {
  if (value.kind !== 'object') return value;
  const edited = new Set(Object.keys(formConfig(form).schema.properties));
  return { kind: 'object', entries: value.entries.filter((entry) => entry.name !== 'id' && !edited.has(entry.name)) };
}

function recordScreenConfig(name: string): RecordScreenConfig {
  const config = configs[name];
  if (!config) throw new Error(`Unknown record screen "${name}"`);
  return config;
}

/**
 * A read-only view of one record (spec `record:`), loaded from its get operation with the
 * route's `:id`, with the spec's `links` to its other pages. Drawn from the schema as a definition list (nested tables for arrays of
 * objects) rather than through rjsf: a display needs no validator, and rjsf's ajv validator
 * compiles schemas with `new Function`, which the CSP forbids. A 404 or failed load replaces the
 * address with the not-found page (000 §8). The spec's `tabs` add the record's child lists.
 */
export function GenericRecordScreen({ name }: { name: RecordScreenName }) {
  const config = recordScreenConfig(name);
  const message = useMessage();
  const t = useT();
  const context = useCellContext();
  const goTo = useRouteNavigate();
  const { id } = useParams();
  const load = useRecord(config.path, id);
  const { user } = useCurrentUser();
  const editable = config.edit !== undefined && guardPasses(user, config.edit.guard);

  // 001 §2: a record of another organisation (403: an entity with outside_scope forbidden, a quote)
  // opens the forbidden page; a missing one, or any other failure, notFound (000 §8).
  const failedStatus = load.status === 'failed' ? load.error.status : null;
  useEffect(() => {
    if (failedStatus !== null) goTo(failedStatus === 403 ? 'forbidden' : 'notFound', {}, { replace: true });
  }, [failedStatus, goTo]);

  const described = useMemo(
    () => (load.status === 'loaded' ? describeValue(config.schema, load.record, config.schema.definitions, context) : null),
    [load, config.schema, context],
  );

  // A save of the definition changes the record: reload it, so that its actions send the new ETag.
  const definition = (value: NonNullable<typeof described>, recordId: string) =>
    config.view ? (
      <Slot
        registry={tabSlots}
        component={config.view}
        props={{ id: recordId, record: values, etag: record.etag, reload: load.reload, ...(config.viewTabs && { tabs }) }}
      />
    ) : editable && config.edit ? (
      <>
        <RecordValueView value={beyondForm(value, config.edit.form)} />
        <RecordEditForm form={config.edit.form} recordPath={config.path} id={recordId} onSaved={load.reload} />
      </>
    ) : (
      <RecordValueView value={value} />
    );
  const values = (load.status === 'loaded' ? load.record : {}) as Readonly<Record<string, unknown>>;
  const record: LoadedRecord = { values, etag: load.status === 'loaded' ? load.etag : null, reload: load.reload };
  // Tabs the user may see, and that apply to this record (002 §2.9: related groups of BASE groups only).
  const tabs = config.tabs.filter((tab) => guardPasses(user, tab.guard) && (!tab.when || rowMeets(tab.when, values)));

  // A title naming the record waits for it rather than showing its placeholders empty.
  const heading =
    config.title === undefined
      ? null
      : !config.titleValues
        ? (message(config.title) ?? config.title)
        : load.status === 'loaded' && isMessageKey(config.title)
          ? t(config.title, titleValues(config.titleValues, load.record as Readonly<Record<string, unknown>>))
          : null;

  return (
    <section className="record-view">
      {heading !== null && <h1>{heading}</h1>}
      <ScreenLinks links={config.links} place="header" id={id} />
      {config.actions && !config.view && described && id !== undefined && (
        <ActionBar
          actions={config.actions}
          subject={{ values, recordId: id }}
          etag={record.etag}
          reload={load.reload}
          className="action-bar action-bar--record"
        />
      )}
      {!described || id === undefined ? (
        <Spinner />
      ) : config.tabs.length > 0 && !config.viewTabs ? (
        <RecordTabs tabs={tabs} id={id} record={record} definition={definition(described, id)} />
      ) : (
        definition(described, id)
      )}
      {/* A view is the whole page: its actions are its footer buttons (001 §2 order detail). */}
      {config.actions && config.view && described && id !== undefined && (
        <ActionBar
          actions={config.actions}
          subject={{ values, recordId: id }}
          etag={record.etag}
          reload={load.reload}
          className="action-bar action-bar--record action-bar--footer"
        />
      )}
      <ScreenLinks links={config.links} place="footer" id={id} />
    </section>
  );
}
