import { useEffect, useState } from 'react';
import { useAlerts } from '../alerts/useAlerts';
import { ApiProblem } from '../api/problem';
import { sendRequest, type WriteMethod } from '../api/send';
import { useCurrentUser } from '../session/useCurrentUser';
import { bodyFromRow, callPath, failureAlert, passesGuards, successAlert } from './actionRules';
import type { ToggleConfig } from './actionTypes';

interface ToggleCellProps {
  toggle: ToggleConfig;
  /** The boolean row property the checkbox shows. */
  field: string;
  row: Readonly<Record<string, unknown>>;
  /** The tab's record: its id fills the calls' {id}, its values the alerts' placeholders. */
  recordId: string;
  record: Readonly<Record<string, unknown>>;
  /** Its accessible name (the row's name). */
  label: string;
  reload: () => void;
}

/**
 * A record tab's checkbox (002 §2.9: a product in the group, an add-on group related): ticking
 * calls the toggle's `on` with a body from the row, unticking its `off`; each raises its alert
 * naming the record. The box shows the new state at once and is disabled while its call runs;
 * the reloaded rows then confirm it (a refusal puts it back).
 */
export function ToggleCell({ toggle, field, row, recordId, record, label, reload }: ToggleCellProps) {
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const [running, setRunning] = useState(false);
  const stored = row[field] === true;
  const [override, setOverride] = useState<boolean | null>(null);
  useEffect(() => setOverride(null), [stored]);
  const key = `${String(row['id'] ?? '')}`;

  const change = async (next: boolean) => {
    const call = next ? toggle.on : toggle.off;
    const path = callPath(call, { values: row, recordId });
    // The box shows the choice at once; a refused call puts it back.
    setOverride(next);
    setRunning(true);
    try {
      if (path === null) throw ApiProblem.fromBody(0, undefined);
      const body = call.body ? (next ? bodyFromRow(toggle.body, row) : {}) : undefined;
      await sendRequest(call.method.toUpperCase() as WriteMethod, path, body === undefined ? {} : { body });
      push(successAlert('toggle', key, toggle.success, record));
      reload();
    } catch (error) {
      setOverride(null);
      push(failureAlert('toggle', key, toggle.failure, record, error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined)));
    } finally {
      setRunning(false);
    }
  };

  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={override ?? stored}
      disabled={running || !passesGuards(user, toggle.guards)}
      onChange={(event) => void change(event.target.checked)}
    />
  );
}
