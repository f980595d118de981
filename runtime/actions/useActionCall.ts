import { useCallback } from 'react';
import { ApiProblem } from '../api/problem';
import { sendRequest, type WriteMethod } from '../api/send';
import { useAlerts } from '../alerts/useAlerts';
import { useRouteNavigate } from '../routing/useRouteNavigate';
import { useCurrentUser } from '../session/useCurrentUser';
import { actionBody, callPath, failureAlert, successAlert } from './actionRules';
import type { ActionConfig, ActionSubject } from './actionTypes';

export interface ActionRun {
  /** The ETag of the record the user sees (record screens), sent as If-Match; rows have none. */
  etag?: string | null;
  /** The confirmation's input, if it has one. */
  input?: string;
  /** Shows the change: the list or record loads again. */
  reload: () => void;
}

const asProblem = (error: unknown): ApiProblem => (error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined));

/**
 * Runs an operation action: sends it (If-Match when the record's ETag is known), raises its
 * success or failure alert naming the row or record, then opens the action's `then` route or
 * reloads. A 412 (someone changed the record meanwhile) says so and reloads, so the user sees the
 * record as it now is; so does a 404 (it went meanwhile). Resolves once everything is done.
 */
export function useActionCall(): (action: ActionConfig, subject: ActionSubject, run: ActionRun) => Promise<void> {
  const { push } = useAlerts();
  const goTo = useRouteNavigate();
  const { reload: reloadUser } = useCurrentUser();
  return useCallback(
    async (action, subject, run) => {
      const key = `${action.name}:${String(subject.values['id'] ?? subject.recordId ?? '')}`;
      const path = action.call ? callPath(action.call, subject) : null;
      try {
        if (!action.call || path === null) throw ApiProblem.fromBody(0, undefined);
        const body = actionBody(action, run.input ?? '');
        const sent = await sendRequest(action.call.method.toUpperCase() as WriteMethod, path, {
          ...(body !== undefined && { body }),
          ...(run.etag && { ifMatch: run.etag }),
        });
        // `then: { id: answer }`: the route opens the record the operation answered (a new order, a copy).
        const answered = (sent.body as { id?: unknown } | null)?.id;
        push(successAlert('action', key, action.success ?? '', { ...subject.record, ...subject.values }));
        const then = action.then;
        // Who is signed in changed (emulation): the new user and the next screen render together.
        if (then?.reloadUser) await reloadUser({ navigate: () => goTo(then.route) });
        else if (then) goTo(then.route, then.answerId && answered !== undefined ? { id: String(answered) } : undefined);
        else run.reload();
      } catch (error) {
        const problem = asProblem(error);
        push(failureAlert('action', key, action.failure ?? '', { ...subject.record, ...subject.values }, problem));
        if (problem.status === 412 || problem.status === 404) run.reload();
      }
    },
    [push, goTo, reloadUser],
  );
}
