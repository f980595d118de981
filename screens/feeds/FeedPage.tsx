import { useParams } from 'react-router';
import { ActionBar } from '../../runtime/actions/ActionBar';
import type { ActionConfig } from '../../runtime/actions/actionTypes';
import { recordScreens } from '../../runtime/generated/screens';
import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import type { GenericLink } from '../../runtime/list/genericListConfig';
import { ScreenLinks } from '../../runtime/list/ScreenLinks';
import type { RecordTabConfig } from '../../runtime/record/ChildListTab';
import { RecordTabs, type LeadingTab } from '../../runtime/record/RecordTabs';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { guardPasses } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Spinner } from '../../runtime/ui/Spinner';
import { FeedConfigurationTab } from './FeedConfigurationTab';
import { FeedDefinitionTab } from './FeedDefinitionTab';
import { FeedDeliveryTab } from './FeedDeliveryTab';
import type { DraftField, FeedDraft } from './feedDraft';
import { useFeedEditor } from './useFeedEditor';
import '../../runtime/record/recordView.css';
import './feedPage.css';

/** The record screen `feed` of the spec: its links (Download), actions and child-list tabs. */
interface FeedScreen {
  readonly links: readonly GenericLink[];
  readonly tabs: readonly RecordTabConfig[];
  readonly actions?: readonly ActionConfig[];
}
const SCREEN: FeedScreen = recordScreens.feed;
/** Where each field is edited, so a tab with a problem is marked (002 §2.10 tabs). */
const DEFINITION: readonly DraftField[] = ['name', 'organisation', 'active', 'timeslot'];
const CONFIGURATION: readonly DraftField[] = ['columns', 'show_headers', 'show_empty_stock', 'delimiter', 'escape_method'];
/** The Delivery tab's action; the others head the page. */
const ON_DELIVERY_TAB = 'forget_host_key';

/**
 * The feed page, new (/webstore/feeds/new) and existing (/webstore/feeds/:id), 002 §2.10: tabs
 * Definition, Delivery and Configuration (disabled for SITC, which takes its file as it is), then
 * for an existing feed the spec's Runs and Audit log; Save and Cancel appear once something
 * changed, Save only enabled when the feed is valid; Test, Delete and Download for a saved feed.
 * The rules are checked as the user types (screens/feeds/feedDraft.ts, with the server's own
 * shared/feeds/feedRules.ts); the server holds them all again (docs/feeds.md "The feed page").
 */
export function FeedPage() {
  const t = useT();
  const { id } = useParams();
  const { user } = useCurrentUser();
  const editor = useFeedEditor(id);
  const { controller, stored } = editor;
  const draft = controller.data;
  if (draft === null || (id !== undefined && stored === null)) return <Spinner />;

  const problem = controller.saveProblem;
  const serverField = problem?.parameter?.replace(/^body[./]?/u, '') as DraftField | undefined;
  // Beside its field while that field holds what the server refused; elsewhere above the tabs.
  const fieldOfProblem = serverField !== undefined && serverField in draft ? serverField : undefined;
  const fieldStillRefused =
    fieldOfProblem !== undefined &&
    editor.refused !== null &&
    JSON.stringify(editor.refused[fieldOfProblem]) === JSON.stringify(draft[fieldOfProblem]);
  const problemText = problem
    ? problem.status === 412
      ? t('problem.stale_record')
      : isMessageKey(problem.message_key)
        ? t(problem.message_key, problem.parameter ? { parameter: problem.parameter } : undefined)
        : t('problem.internal')
    : null;
  // A problem the server names a field of is shown there, replacing what the page found.
  const shownEditor =
    fieldStillRefused && fieldOfProblem && problemText
      ? {
          ...editor,
          showProblems: true,
          problems: {
            ...editor.problems,
            [fieldOfProblem]: { key: problem!.message_key as never, values: problem!.parameter ? { parameter: problem!.parameter } : {} },
          },
        }
      : editor;
  const invalidOn = (fields: readonly DraftField[]) =>
    shownEditor.showProblems && fields.some((field) => shownEditor.problems[field] !== undefined);
  const delivery = (Object.keys(draft) as (keyof FeedDraft)[]).filter(
    (field) => !DEFINITION.includes(field) && !CONFIGURATION.includes(field),
  );

  const leading: LeadingTab[] = [
    {
      label: 'feeds.tab_definition',
      content: () => <FeedDefinitionTab editor={shownEditor} draft={draft} />,
      invalid: invalidOn(DEFINITION),
    },
    {
      label: 'feeds.tab_delivery',
      content: () => (
        <FeedDeliveryTab
          editor={shownEditor}
          draft={draft}
          actions={(SCREEN.actions ?? []).filter((action) => action.name === ON_DELIVERY_TAB)}
        />
      ),
      invalid: invalidOn(delivery),
    },
    {
      label: 'feeds.tab_configuration',
      content: () => <FeedConfigurationTab editor={shownEditor} draft={draft} />,
      disabled: draft.delivery_method === 'SITC',
      hint: t('feeds.configuration_not_for_sitc'),
      invalid: invalidOn(CONFIGURATION),
    },
  ];
  const values = (stored ?? {}) as Readonly<Record<string, unknown>>;
  const record = { values, etag: editor.etag, reload: editor.reloadRecord };
  const tabs = stored ? SCREEN.tabs.filter((tab) => guardPasses(user, tab.guard)) : [];

  return (
    <section className="record-view feed-page">
      <RouteLink to="feeds" params={{}} className="feed-page__back">
        {t('feeds.back')}
      </RouteLink>
      <h1>{stored ? `${t('feeds.one')}: ${stored.name}` : t('feeds.now_creating')}</h1>
      {stored && id !== undefined && (
        <div className="feed-page__header">
          <ActionBar
            actions={(SCREEN.actions ?? []).filter((action) => action.name !== ON_DELIVERY_TAB)}
            subject={{ values, recordId: id }}
            etag={editor.etag}
            reload={editor.reloadRecord}
            className="action-bar action-bar--record"
          />
          <ScreenLinks links={SCREEN.links} place="header" id={id} />
        </div>
      )}
      <form
        className="form-view feed-page__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (controller.changed && editor.valid && !controller.saving) void controller.save();
        }}
      >
        {problemText && !fieldOfProblem && (
          <p className="alert alert--danger" role="alert">
            {problemText}
            {problem?.status === 412 && (
              <>
                {' '}
                <button type="button" className="button" onClick={editor.reloadRecord}>
                  {t('form.reload')}
                </button>
              </>
            )}
          </p>
        )}
        <RecordTabs tabs={tabs} id={id ?? ''} record={record} leading={leading} />
        {controller.changed && (
          <div className="form-view__actions">
            <button type="submit" className="button button--primary" disabled={!editor.valid || controller.saving}>
              {t('form.save')}
            </button>
            <button type="button" className="button" disabled={controller.saving} onClick={editor.cancel}>
              {t('form.cancel')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
