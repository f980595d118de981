import { useT } from '../../runtime/i18n/useT';
import { TIMESLOTS, timeOfDay } from '../../shared/feeds/feedRules';
import { Checkbox, Select, TextInput, type Choice } from './FeedFields';
import { organisationFull, type FeedDraft, type FeedOrganisation } from './feedDraft';
import type { FeedEditor } from './useFeedEditor';

/** Non-breaking spaces, since option text cannot be styled with padding (as the runtime's pickers). */
const INDENT = '\u00a0\u00a0\u00a0';

/**
 * 002 §5: the caller's linked organisations in tree order, indented by depth; one with ten feeds
 * already is offered but disabled (max_feeds_reached), unless it is the feed's own.
 */
function organisationChoices(organisations: readonly FeedOrganisation[], editor: FeedEditor, t: ReturnType<typeof useT>): Choice<number>[] {
  const top = Math.min(...organisations.map((organisation) => organisation.depth));
  const choices = organisations.map((organisation): Choice<number> => {
    const full = organisationFull(organisation.id, editor.context);
    const name = `${INDENT.repeat(Math.max(0, organisation.depth - top))}${organisation.name}`;
    return full
      ? { value: organisation.id, label: t('feeds.organisation_full', { name }), disabled: true, title: t('problem.max_feeds_reached') }
      : { value: organisation.id, label: name };
  });
  // A feed of an organisation the picker does not offer (no longer linked) keeps showing it.
  const own = editor.stored?.organisation;
  if (own && !organisations.some((organisation) => organisation.id === own.id)) choices.unshift({ value: own.id, label: own.name });
  return choices;
}

/** The Definition tab (002 §2.10, §3): name, organisation, enabled, and the daily time slot as a time of day. */
export function FeedDefinitionTab({ editor, draft }: { editor: FeedEditor; draft: FeedDraft }) {
  const t = useT();
  const problem = (field: keyof FeedDraft) => (editor.showProblems ? editor.problems[field] : undefined);
  const slots = TIMESLOTS.map((slot): Choice<number> => ({ value: slot, label: timeOfDay(slot) }));
  return (
    <div className="feed-tab">
      <TextInput
        label={t('feeds.name')}
        value={draft.name}
        onChange={(value) => editor.change('name', value)}
        problem={problem('name')}
        required
        max={255}
      />
      <Select
        label={t('feeds.organisation')}
        value={draft.organisation}
        choices={organisationChoices(editor.context.organisations, editor, t)}
        empty={t('form.choose_organisation')}
        onChange={(value) => editor.change('organisation', value)}
        problem={problem('organisation')}
        required
      />
      <Checkbox label={t('feeds.active')} checked={draft.active} onChange={(value) => editor.change('active', value)} />
      <Select
        label={t('feeds.run_at')}
        value={draft.timeslot}
        choices={slots}
        empty={t('feeds.no_timeslot')}
        onChange={(value) => editor.change('timeslot', value)}
        problem={problem('timeslot')}
        hint={t('feeds.timeslot_hint')}
        required
      />
    </div>
  );
}
