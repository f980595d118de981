import { useEffect, useMemo, useRef } from 'react';
import { useT } from '../../runtime/i18n/useT';
import type { RecordTabConfig } from '../../runtime/record/ChildListTab';
import { RecordTabs } from '../../runtime/record/RecordTabs';
import type { StripTab } from '../../runtime/record/TabStrip';
import { TabStrip } from '../../runtime/record/TabStrip';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Spinner } from '../../runtime/ui/Spinner';
import { BrandingTab } from './BrandingTab';
import { DefinitionTab } from './DefinitionTab';
import { AccountManagersTab, AddressesTab } from './ListTabs';
import { FirstAdminTab, TemplateRolesTab } from './NewOrganisationTabs';
import { tabInvalid, type CheckContext, type EditorTab } from './organisationChecks';
import { newDraft, withDefinition, type Organisation, type OrganisationDraft } from './organisationDraft';
import { useOrganisationChoices, type OrganisationChoices } from './useOrganisationChoices';
import { useOrganisationEditor, type OrganisationEditor as Editor } from './useOrganisationEditor';
import './organisationEditor.css';

interface BodyProps {
  editor: Editor;
  draft: OrganisationDraft;
  context: CheckContext;
  choices: OrganisationChoices;
  readOnly: boolean;
  record?: Organisation;
}

/** The editor's own tabs (002 §2.4), each marked when it holds a problem; the roles tab waits for a parent. */
function editorTabs({ editor, draft, context, choices, readOnly, record }: BodyProps, t: ReturnType<typeof useT>): StripTab[] {
  const { problems } = editor;
  // Each change applies to the working copy as it stands, never to this render's (see updateData).
  const set = (apply: (current: OrganisationDraft) => OrganisationDraft) => editor.updateDraft(apply);
  const tab = (name: EditorTab, label: string, content: () => React.ReactNode, extra: Partial<StripTab> = {}): StripTab => {
    const invalid = tabInvalid(problems, name);
    return { label, content, ...(invalid && { invalid, hint: t('organisations.tab_invalid') }), ...extra };
  };
  // 002 §2.4: account managers for an organisation that can create resellers or has children (or still has managers).
  const managersShown = draft.definition.can_create_resellers || choices.hasChildren || draft.account_managers.length > 0;
  return [
    tab('definition', 'record.definition', () => (
      <DefinitionTab
        definition={draft.definition}
        change={(changes) => set((current) => withDefinition(current, changes))}
        problems={problems}
        choices={choices}
        {...(record && { record })}
        readOnly={readOnly}
        isRoot={context.isRoot}
        root={context.root}
        rootAdmin={context.rootAdmin}
        choosesManager={context.choosesManager}
      />
    )),
    ...(managersShown
      ? [
          tab('account_managers', 'organisations.account_managers', () => (
            <AccountManagersTab
              managers={draft.account_managers}
              onChange={(account_managers) => set((current) => ({ ...current, account_managers }))}
              problems={problems}
              readOnly={readOnly}
            />
          )),
        ]
      : []),
    tab('branding', 'organisations.custom_branding', () => (
      <BrandingTab
        branding={draft.branding}
        change={(changes) => set((current) => ({ ...current, branding: { ...current.branding, ...changes } }))}
        problems={problems}
        readOnly={readOnly}
        previews={editor.previews}
        chooseImage={editor.chooseImage}
        removeImage={editor.removeImage}
      />
    )),
    tab('addresses', 'organisations.addresses', () => (
      <AddressesTab
        addresses={draft.addresses}
        onChange={(addresses) => set((current) => ({ ...current, addresses }))}
        problems={problems}
        readOnly={readOnly}
        choices={choices}
      />
    )),
    ...(context.creating
      ? [
          tab('first_admin', 'organisations.first_admin', () => (
            <FirstAdminTab
              admin={draft.first_admin}
              onChange={(first_admin) => set((current) => ({ ...current, first_admin }))}
              problems={problems}
              choices={choices}
            />
          )),
          tab(
            'template_roles',
            'organisations.template_roles',
            () => (
              <TemplateRolesTab
                chosen={draft.template_roles}
                onChange={(template_roles) => set((current) => ({ ...current, template_roles }))}
                choices={choices}
                problems={problems}
              />
            ),
            {
              disabled: draft.definition.parent === null,
              ...(draft.definition.parent === null && { hint: t('organisations.template_roles_need_parent') }),
            },
          ),
        ]
      : []),
  ];
}

/** Save and Cancel (002 §2.4): only when something changed, Save only when every tab is valid; a refused save says why. */
function SaveBar({ editor }: { editor: Editor }) {
  const t = useT();
  return (
    <div className="organisation-editor__actions">
      {editor.stale && (
        <p className="alert alert--warning" role="alert">
          <span className="alert__message">{t('problem.stale_record')}</span>
          <button type="button" className="button" onClick={() => void editor.reloadStale()}>
            {t('form.reload')}
          </button>
        </p>
      )}
      {editor.generalProblem && !editor.stale && (
        <p className="organisation-editor__error" role="alert">
          {t(editor.generalProblem.message_key as 'problem.internal', { parameter: editor.generalProblem.parameter ?? '' })}
        </p>
      )}
      <div className="form-view__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!editor.changed || !editor.valid || editor.saving}
          onClick={() => void editor.save()}
        >
          {t('form.save')}
        </button>
        <button type="button" className="button" disabled={!editor.changed || editor.saving} onClick={editor.cancel}>
          {t('form.cancel')}
        </button>
      </div>
    </div>
  );
}

/** How the caller stands to the organisation: what they may see and set (organisationRules.ts on the server). */
function useCheckContext(record: Organisation | undefined, choices: OrganisationChoices): CheckContext & { readOnly: boolean } {
  const { user } = useCurrentUser();
  const root = user?.root === true;
  const admin = user?.admin === true;
  const own = record !== undefined && record.id === user?.organisation.id;
  const readOnly = user === null || !hasPermission(user, 'organisation:modify');
  return useMemo(
    () => ({
      creating: record === undefined,
      isRoot: record !== undefined && record.parent === null,
      root,
      rootAdmin: root && admin,
      linkedAccounts: choices.linkedAccounts,
      choosesManager: root || !own,
      readOnly,
    }),
    [record, root, admin, own, choices.linkedAccounts, readOnly],
  );
}

/**
 * 002 §2.4 an existing organisation (the organisation screen's view, spec `view_tabs`): the editor's
 * tabs, then the screen's own (linked accounts, users, children, price lists, catalogues, template
 * roles, audit log). Users without organisation:modify read it.
 */
export function OrganisationEditor({ id, record, etag, reload, tabs = [] }: TabSlotProps) {
  const t = useT();
  const organisation = record as unknown as Organisation;
  const choices = useOrganisationChoices(organisation.parent?.id ?? null, organisation.id, false);
  const { readOnly, ...context } = useCheckContext(organisation, choices);
  const editor = useOrganisationEditor({ record: organisation, etag, reload }, context);
  if (!editor.draft) return <Spinner />;
  const body: BodyProps = { editor, draft: editor.draft, context, choices, readOnly, record: organisation };
  return (
    <div className="organisation-editor">
      <RecordTabs
        tabs={tabs as readonly RecordTabConfig[]}
        id={id}
        record={{ values: record, etag, reload }}
        leading={editorTabs(body, t)}
      />
      {!readOnly && <SaveBar editor={editor} />}
    </div>
  );
}

/** 002 §2.4 a new organisation: the editor's tabs with the first admin and template roles; saved, it opens on its page. */
export function NewOrganisationEditor() {
  const t = useT();
  const { user } = useCurrentUser();
  const fresh = useMemo(() => newDraft(user?.organisation.id ?? null), [user]);
  const context = useCheckContext(undefined, { linkedAccounts: 0 } as OrganisationChoices);
  const editor = useOrganisationEditor({ fresh }, context);
  const parent = editor.draft?.definition.parent ?? null;
  const choices = useOrganisationChoices(parent, null, true);
  useParentTemplates(editor, choices, parent);
  return (
    <section className="record-view organisation-editor">
      <h1>{t('organisations.new')}</h1>
      {editor.draft ? <TabStrip tabs={editorTabs({ editor, draft: editor.draft, context, choices, readOnly: false }, t)} /> : <Spinner />}
      <SaveBar editor={editor} />
    </section>
  );
}

/** 002 §6 "Organisation role templates are loaded when a parent is chosen": its template roles are ticked for the new one. */
function useParentTemplates(editor: Editor, choices: OrganisationChoices, parent: number | null): void {
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const key = `${parent ?? ''}:${choices.parentTemplates.join(',')}`;
    if (!editor.draft || applied.current === key || parent === null) return;
    applied.current = key;
    const templates = choices.parentTemplates;
    editor.updateDraft((current) => ({ ...current, template_roles: templates }));
  }, [editor, choices.parentTemplates, parent]);
}
