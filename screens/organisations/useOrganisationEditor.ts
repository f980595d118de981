import { useCallback, useMemo, useRef, useState } from 'react';
import { IMAGE_TYPES, imageTypeOf } from '../../shared/files/imageType';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchTaggedRecord } from '../../runtime/api/client';
import { sendWithFiles } from '../../runtime/api/send';
import { useFormController } from '../../runtime/form/useFormController';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { problemLocation, problemsOf, type CheckContext, type Problems } from './organisationChecks';
import { createBody, draftOf, newKey, updateBody, type Organisation, type OrganisationDraft } from './organisationDraft';
import { forgetOrganisationScope } from '../../runtime/session/organisationScope';

/** 002 §9 has no limit for branding images; the server keeps them to 2 MB (spec `files`). */
export const IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;

export type ImageField = 'image' | 'background_image';

/** What choosing a file came to: taken (with its preview), or refused for its type or size (002 §5 "image files only"). */
export type ImageChoice = { status: 'taken' } | { status: 'not_an_image' } | { status: 'too_large' };

export interface OrganisationEditor {
  draft: OrganisationDraft | null;
  setDraft: (draft: OrganisationDraft) => void;
  /** An edit applied to the working copy as it stands (effects, async callbacks, each tab's change). */
  updateDraft: (apply: (draft: OrganisationDraft) => OrganisationDraft) => void;
  changed: boolean;
  saving: boolean;
  /** The editor's own checks and, after a refused save, the server's problem where it belongs. */
  problems: Problems;
  /** A refused save's problem that belongs to no field (shown above the buttons). */
  generalProblem: ApiProblem | null;
  valid: boolean;
  save: () => Promise<void>;
  cancel: () => void;
  /** After a 412 (someone else saved meanwhile): the record as saved now, the user's edits kept on top. */
  stale: boolean;
  reloadStale: () => Promise<void>;
  chooseImage: (field: ImageField, file: File) => Promise<ImageChoice>;
  removeImage: (field: ImageField) => void;
  /** The chosen file's preview (a data: URL), while it is not saved. */
  previews: Partial<Record<ImageField, string>>;
}

interface Target {
  /** The saved organisation and its ETag; none for a new one. */
  record?: Organisation;
  etag?: string | null;
  /** Called after an existing organisation is saved: the screen loads it again (new values, new ETag). */
  reload?: () => void;
  /** A new organisation's first values. */
  fresh?: OrganisationDraft;
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });

/**
 * The organisation editor's state (002 §2.4, §4): one working copy for every tab, Save and Cancel
 * enabled only when something changed (Save also only when every tab is valid), the alerts of 002
 * §8, and a new organisation opening on its page once created. Images chosen are checked by their
 * bytes as the server does (shared/files/imageType.ts) before they go with the save.
 */
export function useOrganisationEditor(target: Target, context: CheckContext): OrganisationEditor {
  const { push } = useAlerts();
  const goTo = useRouteNavigate();
  const files = useRef(new Map<string, File>());
  const [previews, setPreviews] = useState<Partial<Record<ImageField, string>>>({});
  const { reload, fresh } = target;
  // The record saves compare with: the screen's, or a newer one read after a refused (stale) save.
  const [newer, setNewer] = useState<{ record: Organisation; etag: string | null } | null>(null);
  const shown = target.record ? { record: target.record, etag: target.etag ?? null } : null;
  const base = newer && shown && newer.record.id === shown.record.id && newer.etag !== shown.etag ? newer : shown;
  const record = base?.record;
  const etag = base?.etag ?? null;

  const saveDraft = async (draft: OrganisationDraft): Promise<OrganisationDraft> => {
    const uploads = Object.fromEntries(
      (['image', 'background_image'] as const).flatMap((field) => {
        const upload = draft.branding[field].upload;
        const file = upload && files.current.get(upload.key);
        return file ? [[field, file]] : [];
      }),
    );
    if (record) {
      const answer = await sendWithFiles('PUT', `/organisations/${record.id}`, updateBody(record, draft), uploads, { ifMatch: etag });
      const saved = answer.body as Organisation;
      push(successAlert('organisation', String(record.id), 'organisation_updated_success', saved));
      setNewer({ record: saved, etag: answer.etag });
      setPreviews({});
      files.current.clear();
      reload?.();
      return draftOf(saved);
    }
    const created = (await sendWithFiles('POST', '/organisations', createBody(draft), uploads)).body as Organisation;
    push(successAlert('organisation', String(created.id), 'organisation_updated_success', created));
    // The tree has grown: references to the new organisation link from now on.
    forgetOrganisationScope();
    goTo('organisation', { id: String(created.id) });
    return draft;
  };

  const controller = useFormController<OrganisationDraft>({
    load: () => Promise.resolve(shown ? draftOf(shown.record) : fresh!),
    loadKey: shown ? `${shown.record.id} ${shown.etag ?? ''}` : 'new',
    save: (draft) =>
      saveDraft(draft).catch((error: unknown) => {
        // 002 §8: "Sorry, something went wrong…"; the reason shows where it belongs in the editor.
        const problem = error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined);
        push(
          failureAlert(
            'organisation',
            String(record?.id ?? 'new'),
            'organisation_updated_failure',
            { name: draft.definition.name },
            problem,
            false,
          ),
        );
        throw problem;
      }),
    fresh: shown === null,
  });

  const { data, saveProblem } = controller;
  const ownProblems = useMemo(() => (data ? problemsOf(data, context) : {}), [data, context]);
  const serverLocation = saveProblem && data ? problemLocation(saveProblem.parameter, data) : null;
  const problems = useMemo<Problems>(
    () =>
      saveProblem && serverLocation
        ? {
            ...ownProblems,
            [serverLocation]: {
              key: saveProblem.message_key,
              ...(saveProblem.parameter && { values: { parameter: saveProblem.parameter } }),
            },
          }
        : ownProblems,
    [ownProblems, saveProblem, serverLocation],
  );
  const valid = Object.keys(ownProblems).length === 0;

  const save = useCallback(async () => {
    if (valid) await controller.save();
  }, [valid, controller]);

  const reloadStale = useCallback(async () => {
    if (!record) return;
    const loaded = await fetchTaggedRecord<Organisation>(`/organisations/${record.id}`);
    setNewer(loaded);
    controller.refresh(draftOf(loaded.record));
  }, [record, controller]);

  const chooseImage = useCallback(
    async (field: ImageField, file: File): Promise<ImageChoice> => {
      if (file.size > IMAGE_LIMIT_BYTES) return { status: 'too_large' };
      const type = imageTypeOf(new Uint8Array(await file.arrayBuffer()));
      if (!type || !IMAGE_TYPES.includes(type)) return { status: 'not_an_image' };
      const key = newKey();
      files.current.set(key, file);
      const preview = await readDataUrl(file);
      setPreviews((shown) => ({ ...shown, [field]: preview }));
      // After the file was read: apply to the copy as it is now, not as it was when chosen.
      controller.updateData((draft) => ({
        ...draft,
        branding: { ...draft.branding, [field]: { ...draft.branding[field], upload: { key, name: file.name, size: file.size } } },
      }));
      return { status: 'taken' };
    },
    [controller],
  );

  const removeImage = useCallback(
    (field: ImageField) => {
      setPreviews((shown) => ({ ...shown, [field]: undefined }));
      controller.updateData((draft) => ({ ...draft, branding: { ...draft.branding, [field]: { token: null, upload: null } } }));
    },
    [controller],
  );

  const cancel = useCallback(() => {
    setPreviews({});
    controller.reset();
  }, [controller]);

  return {
    draft: data,
    setDraft: controller.setData,
    updateDraft: controller.updateData,
    changed: controller.changed,
    saving: controller.saving,
    problems,
    generalProblem: saveProblem && !serverLocation ? saveProblem : null,
    valid,
    save,
    cancel,
    stale: saveProblem?.status === 412,
    reloadStale,
    chooseImage,
    removeImage,
    previews,
  };
}
