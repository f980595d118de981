import type { ApiProblem } from '../api/problem';

/** The state of an edit form: what was loaded, what is being edited, and how saving went. */
export interface FormState<Data> {
  original: Data | null;
  data: Data | null;
  loading: boolean;
  saving: boolean;
  loadError: ApiProblem | null;
  saveProblem: ApiProblem | null;
  /** A new record not saved yet: it counts as changed even untouched (its prefill is worth saving). */
  fresh: boolean;
}

export type FormAction<Data> =
  | { type: 'loadStart' }
  | { type: 'loaded'; data: Data; fresh?: boolean }
  | { type: 'loadFailed'; problem: ApiProblem }
  | { type: 'edit'; data: Data }
  /** An edit computed from the data as they are when applied, not as a render saw them. */
  | { type: 'update'; apply: (data: Data) => Data }
  | { type: 'saveStart' }
  | { type: 'saved'; data: Data }
  | { type: 'saveFailed'; problem: ApiProblem }
  | { type: 'reset' }
  | { type: 'rebase'; data: Data }
  | { type: 'refreshed'; data: Data };

export function initialFormState<Data>(): FormState<Data> {
  return { original: null, data: null, loading: true, saving: false, loadError: null, saveProblem: null, fresh: false };
}

export function formReducer<Data>(state: FormState<Data>, action: FormAction<Data>): FormState<Data> {
  switch (action.type) {
    case 'loadStart':
      return { ...state, loading: true, loadError: null };
    case 'loaded':
      return { ...state, original: action.data, data: action.data, loading: false, saveProblem: null, fresh: action.fresh === true };
    case 'loadFailed':
      return { ...state, loading: false, loadError: action.problem };
    case 'edit':
      return { ...state, data: action.data };
    case 'update':
      return state.data === null ? state : { ...state, data: action.apply(state.data) };
    case 'saveStart':
      return { ...state, saving: true, saveProblem: null };
    case 'saved':
      // What the server answered becomes the new baseline, so the form is unchanged again.
      return { ...state, original: action.data, data: action.data, saving: false, saveProblem: null, fresh: false };
    case 'saveFailed':
      return { ...state, saving: false, saveProblem: action.problem };
    case 'reset':
      return { ...state, data: state.original, saveProblem: null };
    case 'refreshed':
      // The record as someone else saved it, with this user's edits kept on top (nothing typed is lost).
      return {
        ...state,
        original: action.data,
        data: keepEdits(state.original, state.data, action.data),
        saving: false,
        saveProblem: null,
      };
    case 'rebase':
      // The same record seen with the form's defaults filled in: a new baseline, not an edit.
      // Unedited data moves along with it so the form still counts as unchanged.
      return isChanged(state.original, state.data)
        ? { ...state, original: action.data }
        : { ...state, original: action.data, data: action.data };
  }
}

/**
 * A record loaded again while being edited (someone else saved it meanwhile): its new values, with
 * the fields this user changed from the old ones set as they typed them.
 */
export function keepEdits<Data>(original: Data | null, data: Data | null, fresh: Data): Data {
  if (original === null || data === null || typeof fresh !== 'object' || fresh === null) return fresh;
  const before = original as Record<string, unknown>;
  const typed = data as Record<string, unknown>;
  const edited = Object.keys(typed).filter((key) => isChanged(before[key], typed[key]));
  return { ...fresh, ...Object.fromEntries(edited.map((key) => [key, typed[key]])) };
}

/** Whether Save and Cancel apply: a new record always, a loaded one once edited. */
export function hasChanges<Data>(state: FormState<Data>): boolean {
  return state.original !== null && (state.fresh || isChanged(state.original, state.data));
}

/**
 * Whether the edited data differs from what was loaded. Keys order and properties set to
 * undefined do not count (the form library adds empty optional fields as undefined).
 */
export function isChanged(original: unknown, data: unknown): boolean {
  return stableJson(original) !== stableJson(data);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** rjsf's error tree: `{ name: { __errors: ['…'] }, address: { city: { __errors: […] } } }`. */
export interface FieldErrorTree {
  __errors?: string[];
  [field: string]: FieldErrorTree | string[] | undefined;
}

/**
 * Places a problem+json's message on the field its `parameter` names (`name`, `body.name`,
 * `/address/city`, `address.city`), for the form to show beside that field. A problem without a
 * parameter, or a query/path parameter, is not a field error: the form shows it at the top.
 */
export function problemToFieldErrors(problem: ApiProblem | null, message: string): FieldErrorTree | undefined {
  if (!problem?.parameter) return undefined;
  const path = problem.parameter
    .replace(/^body[./]?/u, '')
    .split(/[./]/u)
    .filter((segment) => segment !== '');
  if (path.length === 0) return undefined;
  const root: FieldErrorTree = {};
  let node = root;
  for (const segment of path) {
    const child: FieldErrorTree = {};
    node[segment] = child;
    node = child;
  }
  node.__errors = [message];
  return root;
}
