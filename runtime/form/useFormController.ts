import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { isAbortError } from '../api/client';
import { ApiProblem } from '../api/problem';
import { formReducer, hasChanges, initialFormState, type FormState } from './formState';

export interface FormControllerOptions<Data> {
  /** Loads the record (or builds the defaults of a new one). */
  load: (signal: AbortSignal) => Promise<Data>;
  /** Saves the edited data; what it returns (the server's answer) becomes the new baseline. */
  save: (data: Data) => Promise<Data | void>;
  /** Reloads when this changes (the record id). */
  loadKey?: string | number;
  /** The loaded data are a new record's prefill, not a saved one: Save applies untouched. */
  fresh?: boolean;
}

export interface FormController<Data> extends FormState<Data> {
  /** True when the edits differ from what was loaded or last saved; Save and Cancel need it. */
  changed: boolean;
  setData: (data: Data) => void;
  /**
   * Applies an edit to the data as they stand when it is applied. Use it from effects and async
   * callbacks: their render's data may be older than what the user typed meanwhile (an effect can
   * run after the next keystroke's update was queued), and setData would put that older copy back.
   */
  updateData: (apply: (data: Data) => Data) => void;
  /** Saves; resolves true on success, false on a problem (kept in `saveProblem`). */
  save: () => Promise<boolean>;
  /** Cancel: back to the loaded data. */
  reset: () => void;
  /** Replaces the baseline with the same record completed by the form's defaults (FormView does this). */
  rebase: (data: Data) => void;
  reload: () => void;
  /** The record loaded again (changed by someone else): the new baseline, the user's edits kept on top. */
  refresh: (data: Data) => void;
}

/** Load, edit, save and cancel of one record, with the server's problem kept for the view. */
export function useFormController<Data>(options: FormControllerOptions<Data>): FormController<Data> {
  const [state, dispatch] = useReducer(formReducer<Data>, undefined, initialFormState<Data>);
  const [reloads, bumpReloads] = useReducer((count: number) => count + 1, 0);
  // The callbacks usually are inline closures; keep the newest without re-running the load.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'loadStart' });
    latest.current.load(controller.signal).then(
      (data) => dispatch({ type: 'loaded', data, fresh: latest.current.fresh === true }),
      (error: unknown) => {
        if (!isAbortError(error)) dispatch({ type: 'loadFailed', problem: asProblem(error) });
      },
    );
    return () => controller.abort();
  }, [options.loadKey, reloads]);

  const data = state.data;
  const save = useCallback(async (): Promise<boolean> => {
    if (data === null) return false;
    dispatch({ type: 'saveStart' });
    try {
      const answer = await latest.current.save(data);
      dispatch({ type: 'saved', data: answer ?? data });
      return true;
    } catch (error) {
      dispatch({ type: 'saveFailed', problem: asProblem(error) });
      return false;
    }
  }, [data]);

  const setData = useCallback((next: Data) => dispatch({ type: 'edit', data: next }), []);
  const updateData = useCallback((apply: (data: Data) => Data) => dispatch({ type: 'update', apply }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  const rebase = useCallback((next: Data) => dispatch({ type: 'rebase', data: next }), []);
  const refresh = useCallback((next: Data) => dispatch({ type: 'refreshed', data: next }), []);
  const changed = useMemo(() => hasChanges(state), [state]);

  return { ...state, changed, setData, updateData, save, reset, rebase, refresh, reload: bumpReloads };
}

function asProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  console.error(error);
  return ApiProblem.fromBody(0, undefined);
}
