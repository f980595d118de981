import { useState } from 'react';
import { actionSlots } from '../generated/slots';
import { useMessage } from '../list/useMessage';
import { RouteLink } from '../routing/RouteLink';
import { useCurrentUser } from '../session/useCurrentUser';
import { Slot } from '../slots/Slot';
import { offeredActions } from './actionRules';
import type { ActionConfig, ActionSubject } from './actionTypes';
import { ConfirmModal } from './ConfirmModal';
import { useActionCall } from './useActionCall';

interface ActionBarProps {
  actions: readonly ActionConfig[];
  subject: ActionSubject;
  /** The ETag of the record the user sees (record screens), sent as If-Match. */
  etag?: string | null;
  /** Loads the list or record again after an action. */
  reload: () => void;
  className?: string;
}

/**
 * The actions of one row or record that the user is offered (guards, `when`, not their own):
 * buttons that run an operation (after a confirmation when the spec asks for one), links to a
 * route with the row's id, and hand-written components. While one runs, every button of the bar
 * and of its modal is disabled.
 */
export function ActionBar({ actions, subject, etag, reload, className = 'action-bar' }: ActionBarProps) {
  const { user } = useCurrentUser();
  const message = useMessage();
  const callAction = useActionCall();
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ActionConfig | null>(null);
  const offered = offeredActions(actions, subject.values, user);
  if (offered.length === 0) return null;

  const label = (action: ActionConfig) => (action.label ? (message(action.label) ?? action.label) : action.name);
  const run = async (action: ActionConfig, input = '') => {
    setRunning(action.name);
    try {
      await callAction(action, subject, { etag: etag ?? null, input, reload });
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  };
  const id = subject.values['id'];

  return (
    <span className={className}>
      {offered.map((action) => {
        if (action.route) {
          return (
            <RouteLink
              key={action.name}
              to={action.route}
              params={{ id: String(id ?? subject.recordId ?? '') }}
              className="action-bar__link"
            >
              {label(action)}
            </RouteLink>
          );
        }
        if (action.component) {
          return (
            <Slot
              key={action.name}
              registry={actionSlots}
              component={action.component}
              props={{
                values: subject.values,
                ...(subject.recordId !== undefined && { recordId: subject.recordId }),
                etag: etag ?? null,
                reload,
              }}
            />
          );
        }
        return (
          <button
            key={action.name}
            type="button"
            className="button action-bar__button"
            disabled={running !== null}
            aria-busy={running === action.name}
            onClick={() => (action.confirm ? setConfirming(action) : void run(action))}
          >
            {label(action)}
          </button>
        );
      })}
      {confirming?.confirm && (
        <ConfirmModal
          title={label(confirming)}
          confirm={confirming.confirm}
          values={{ ...subject.record, ...subject.values }}
          busy={running !== null}
          onConfirm={(input) => void run(confirming, input)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </span>
  );
}
