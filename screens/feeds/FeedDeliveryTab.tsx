import { useState } from 'react';
import { ActionBar } from '../../runtime/actions/ActionBar';
import type { ActionConfig } from '../../runtime/actions/actionTypes';
import { useT } from '../../runtime/i18n/useT';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import {
  DEFAULT_FILENAME_SUFFIX,
  feedFileName,
  filenameValid,
  sitcFilenameFor,
  TIMESTAMP_PLACEHOLDER,
  timestampText,
} from '../../shared/feeds/feedRules';
import { Checkbox, FeedField, Select, TextInput } from './FeedFields';
import { DELIVERY_METHODS, PROTOCOLS, type FeedDraft } from './feedDraft';
import type { FeedEditor } from './useFeedEditor';

/** The zone a timestamp is shown in when the user has none (the server's default for a download). */
const FALLBACK_ZONE = 'Europe/London';

/**
 * The delivery password, never sent back to the browser: a new feed types one; an existing feed
 * says whether one is stored and offers to set or change it, the typed value replacing the stored
 * one on Save (left empty, the stored one is kept).
 */
function PasswordField({ editor, draft }: { editor: FeedEditor; draft: FeedDraft }) {
  const t = useT();
  const [changing, setChanging] = useState(false);
  const stored = editor.stored;
  const problem = editor.showProblems ? editor.problems.delivery_password : undefined;
  const input = (label: string) => (
    <TextInput
      label={label}
      type="password"
      autoComplete="new-password"
      value={draft.delivery_password}
      onChange={(value) => editor.change('delivery_password', value)}
      problem={problem}
      required={!stored?.delivery_password_set}
      max={255}
    />
  );
  if (!stored) return input(t('feeds.delivery_password'));
  const open = changing || draft.delivery_password !== '';
  return (
    <div className="feed-password">
      <p className="feed-field__hint">{t(stored.delivery_password_set ? 'feeds.password_stored' : 'feeds.password_none')}</p>
      {open ? (
        <>
          {input(t('feeds.new_password'))}
          <button
            type="button"
            className="button"
            onClick={() => {
              setChanging(false);
              editor.change('delivery_password', '');
            }}
          >
            {t('feeds.keep_password')}
          </button>
        </>
      ) : (
        <>
          <button type="button" className="button" onClick={() => setChanging(true)}>
            {t(stored.delivery_password_set ? 'feeds.change_password' : 'feeds.set_password')}
          </button>
          {problem && (
            <p className="error-detail" role="alert">
              {t(problem.key, problem.values)}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The Delivery tab (002 §2.10, §4, §5): the method, and what it needs. E-mail: the address. FTP:
 * protocol, server, port (following the protocol unless the user typed their own), user and
 * password, and for SFTP the recorded server key with a confirmed way to forget it. SITC: its
 * filename (a root admin's to edit, the organisation's name for others) and the readiness,
 * locked once saved. Other methods name their file, checked and previewed as typed.
 */
export function FeedDeliveryTab({ editor, draft, actions }: { editor: FeedEditor; draft: FeedDraft; actions: readonly ActionConfig[] }) {
  const t = useT();
  const { user } = useCurrentUser();
  const problem = (field: keyof FeedDraft) => (editor.showProblems ? editor.problems[field] : undefined);
  const zone = user?.timezone || FALLBACK_ZONE;
  const stored = editor.stored;
  const now = Date.now();
  const example = `${timestampText(now, zone)}${DEFAULT_FILENAME_SUFFIX}`;
  const ownName =
    editor.context.organisations.find((organisation) => organisation.id === draft.organisation)?.name ?? stored?.organisation?.name;
  const sitcName = draft.sitc_filename || (ownName === undefined ? '' : sitcFilenameFor(ownName));
  return (
    <div className="feed-tab">
      <Select
        label={t('feeds.delivery_method')}
        value={draft.delivery_method}
        choices={DELIVERY_METHODS.map((method) => ({ value: method, label: t(`feed_delivery_method.${method}`) }))}
        onChange={(value) => value !== null && editor.change('delivery_method', value)}
      />
      {draft.delivery_method === 'EMAIL' && (
        <TextInput
          label={t('feeds.delivery_email')}
          type="email"
          autoComplete="email"
          value={draft.delivery_email}
          onChange={(value) => editor.change('delivery_email', value)}
          problem={problem('delivery_email')}
          required
          max={255}
        />
      )}
      {draft.delivery_method === 'FTP' && (
        <>
          <Select
            label={t('feeds.ftp_server_protocol')}
            value={draft.ftp_server_protocol}
            choices={PROTOCOLS.map((protocol) => ({ value: protocol, label: t(`ftp_protocol.${protocol}`) }))}
            onChange={(value) => value !== null && editor.change('ftp_server_protocol', value)}
          />
          <TextInput
            label={t('feeds.delivery_server')}
            value={draft.delivery_server}
            onChange={(value) => editor.change('delivery_server', value)}
            problem={problem('delivery_server')}
            required
            max={255}
          />
          <FeedField label={t('feeds.ftp_server_port')} problem={problem('ftp_server_port')} required>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                className="form-control"
                type="number"
                inputMode="numeric"
                min={2}
                max={65535}
                value={draft.ftp_server_port ?? ''}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                onChange={(event) => editor.change('ftp_server_port', event.target.value === '' ? null : Number(event.target.value))}
              />
            )}
          </FeedField>
          <TextInput
            label={t('feeds.delivery_user')}
            autoComplete="off"
            value={draft.delivery_user}
            onChange={(value) => editor.change('delivery_user', value)}
            problem={problem('delivery_user')}
            required
            max={255}
          />
          <PasswordField editor={editor} draft={draft} />
          {stored?.sftp_host_key_set && (
            <div className="feed-host-key">
              <p className="feed-field__hint">{t('feeds.host_key_recorded')}</p>
              <ActionBar
                actions={actions}
                subject={{ values: stored, recordId: String(stored.id) }}
                etag={editor.etag}
                reload={editor.reloadRecord}
              />
            </div>
          )}
        </>
      )}
      {draft.delivery_method === 'SITC' ? (
        <>
          {editor.context.namesSitcFile ? (
            <TextInput
              label={t('feeds.sitc_filename')}
              value={draft.sitc_filename}
              onChange={(value) => editor.change('sitc_filename', value)}
              problem={problem('sitc_filename')}
              required
              max={255}
            />
          ) : (
            <FeedField label={t('feeds.sitc_filename')}>{({ id }) => <output id={id}>{sitcName}</output>}</FeedField>
          )}
          <Checkbox
            label={t('feeds.sitc_confirm')}
            checked={draft.sitc_confirm}
            disabled={stored?.sitc_confirm === true}
            onChange={(value) => editor.change('sitc_confirm', value)}
            {...(stored?.sitc_confirm && { hint: t('feeds.sitc_confirm_locked') })}
          />
        </>
      ) : (
        <TextInput
          label={t('feeds.filename')}
          value={draft.filename}
          placeholder={example}
          onChange={(value) => editor.change('filename', value)}
          problem={problem('filename')}
          max={255}
          hint={
            <>
              {t('feeds.filename_hint', { example })}
              {draft.filename.includes(TIMESTAMP_PLACEHOLDER) && filenameValid(draft.filename) && (
                <>
                  <br />
                  {t('feeds.filename_now', { name: feedFileName({ ...draft, sitc_filename: null }, now, zone) })}
                </>
              )}
            </>
          }
        />
      )}
    </div>
  );
}
