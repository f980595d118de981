import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchList, fetchTaggedRecord } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import { useFormController, type FormController } from '../../runtime/form/useFormController';
import { forms } from '../../runtime/generated/forms';
import { inTreeOrder } from '../../runtime/list/organisationTree';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { guardPasses } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import {
  changeDraft,
  draftFromFeed,
  draftProblems,
  feedBody,
  newFeedDraft,
  type DraftContext,
  type DraftField,
  type FeedDraft,
  type FeedOrganisation,
  type FieldProblem,
  type StoredFeed,
} from './feedDraft';

/** What the spec's form `feed_form` saves with: its create (and its alerts) and update. */
const FORM = forms.feed_form;
const FEED_PATH = (id: string) => FORM.update.path.replace('{id}', encodeURIComponent(id));

export interface FeedEditor {
  /** The feed as saved (an existing one), with its ETag: what Test, Delete and the tabs act on. */
  stored: StoredFeed | null;
  etag: string | null;
  controller: FormController<FeedDraft>;
  context: DraftContext;
  /** Every problem of the draft as typed; shown once the user has changed something. */
  problems: Partial<Record<DraftField, FieldProblem>>;
  showProblems: boolean;
  valid: boolean;
  change: <Field extends DraftField>(field: Field, value: FeedDraft[Field]) => void;
  /** Loads the feed again after an action (Test, forgetting its server key), keeping what is typed. */
  reloadRecord: () => void;
  /** The draft as the server last refused it: its problem stays beside its field until that field changes. */
  refused: FeedDraft | null;
  /** Cancel (002 §4): a new feed back to its defaults, an existing one loaded again as saved. */
  cancel: () => void;
}

/**
 * 002 §5: the organisations a feed may be given (the caller's tree, linked accounts), with feed
 * counts. Should they fail to load, the picker offers none, and the form cannot be saved.
 */
function useFeedOrganisations(): FeedOrganisation[] {
  const [organisations, setOrganisations] = useState<FeedOrganisation[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchList<FeedOrganisation>('/feeds/organisations', { is_linked: true, per_page: 1000, sort_by: '+name' }, controller.signal)
      .then(({ rows }) => setOrganisations(inTreeOrder(rows)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return organisations;
}

/** The lower-cased names of the organisation's other feeds, for 002 §5's "unique within the organisation". */
function useSiblingNames(organisation: number | null, ownId: number | undefined): ReadonlySet<string> {
  const [names, setNames] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setNames(new Set());
    if (organisation === null) return undefined;
    const controller = new AbortController();
    fetchList<{ id: number; name: string; organisation: { id: number } | null }>(
      '/feeds',
      { organisation, per_page: 1000 },
      controller.signal,
    )
      .then(({ rows }) =>
        setNames(
          new Set(
            rows.filter((row) => row.organisation?.id === organisation && row.id !== ownId).map((row) => row.name.trim().toLowerCase()),
          ),
        ),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [organisation, ownId]);
  return names;
}

/**
 * The feed page's state (002 §2.10, §4, §5): the feed loaded from GET /feeds/{id} (or a new one
 * with the 002 §4 defaults), edited through the runtime's form controller (Save and Cancel apply
 * to changes only), with the rules checked as typed. Save POSTs a new feed and opens its page, or
 * PUTs the whole feed with If-Match; the catalogue's alerts name the feed. An unknown feed sends
 * to the not-found page.
 */
export function useFeedEditor(id: string | undefined): FeedEditor {
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const goTo = useRouteNavigate();
  const [stored, setStored] = useState<StoredFeed | null>(null);
  const etag = useRef<string | null>(null);
  const [shownEtag, setShownEtag] = useState<string | null>(null);
  const namesSitcFile = guardPasses(user, { root: true, admin: true });
  const organisations = useFeedOrganisations();

  const remember = useCallback((feed: StoredFeed, tag: string | null) => {
    setStored(feed);
    etag.current = tag;
    setShownEtag(tag);
  }, []);

  const load = useCallback(
    async (signal: AbortSignal): Promise<FeedDraft> => {
      if (id === undefined) return newFeedDraft();
      try {
        const { record, etag: tag } = await fetchTaggedRecord<StoredFeed>(FEED_PATH(id), signal);
        remember(record, tag);
        return draftFromFeed(record);
      } catch (error) {
        if (error instanceof ApiProblem) goTo('notFound', {}, { replace: true });
        throw error;
      }
    },
    [id, goTo, remember],
  );

  const [refused, setRefused] = useState<FeedDraft | null>(null);
  const save = async (draft: FeedDraft): Promise<FeedDraft | void> => {
    setRefused(draft);
    const body = feedBody(draft, { namesSitcFile });
    const named = { name: draft.name };
    if (id === undefined) {
      try {
        const created = (await sendRequest('POST', FORM.create.path, { body })).body as StoredFeed;
        push(successAlert('form', 'feed', FORM.success, created));
        goTo(FORM.create.route, { id: String(created.id) });
        return;
      } catch (error) {
        if (error instanceof ApiProblem) push(failureAlert('form', 'feed', FORM.failure, named, error, false));
        throw error;
      }
    }
    try {
      const answer = await sendRequest('PUT', FEED_PATH(id), { body, ifMatch: etag.current });
      const saved = answer.body as StoredFeed;
      remember(saved, answer.etag);
      push(successAlert('form', 'feed', 'feed_updated_success', saved));
      return draftFromFeed(saved);
    } catch (error) {
      if (error instanceof ApiProblem) push(failureAlert('form', 'feed', 'feed_updated_failure', named, error, false));
      throw error;
    }
  };

  const controller = useFormController<FeedDraft>({ load, save, loadKey: id ?? 'new', fresh: id === undefined });
  const { refresh } = controller;
  const reloadRecord = useCallback(() => {
    if (id === undefined) return;
    void fetchTaggedRecord<StoredFeed>(FEED_PATH(id)).then(
      ({ record, etag: tag }) => {
        remember(record, tag);
        refresh(draftFromFeed(record));
      },
      () => undefined,
    );
  }, [id, remember, refresh]);

  const draft = controller.data;
  const siblingNames = useSiblingNames(draft?.organisation ?? null, stored?.id);
  const context = useMemo<DraftContext>(
    () => ({ namesSitcFile, organisations, siblingNames, ...(stored && id !== undefined && { stored }) }),
    [namesSitcFile, organisations, siblingNames, stored, id],
  );
  const problems = useMemo(() => (draft === null ? {} : draftProblems(draft, context)), [draft, context]);
  const { setData } = controller;
  const [edited, setEdited] = useState(false);
  const change = useCallback(
    <Field extends DraftField>(field: Field, value: FeedDraft[Field]) => {
      if (draft === null) return;
      setEdited(true);
      setData(changeDraft(draft, field, value, context));
    },
    [draft, context, setData],
  );

  return {
    stored: id === undefined ? null : stored,
    etag: shownEtag,
    controller,
    context,
    problems,
    showProblems: edited || controller.saveProblem !== null,
    valid: Object.keys(problems).length === 0,
    change,
    reloadRecord,
    refused: controller.saveProblem === null ? null : refused,
    cancel: id === undefined ? controller.reset : controller.reload,
  };
}
