import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../api/problem';
import { formReducer, hasChanges, initialFormState, isChanged, keepEdits, problemToFieldErrors, type FormState } from './formState';

type Basket = { name: string; notes?: string };

const problem = (parameter?: string) =>
  ApiProblem.fromBody(400, { status: 400, code: 'invalid_body', message_key: 'problem.invalid_body', ...(parameter ? { parameter } : {}) });

describe('formReducer', () => {
  const loaded: FormState<Basket> = formReducer(initialFormState<Basket>(), { type: 'loaded', data: { name: 'A' } });

  it('loads the data as both baseline and edit', () => {
    expect(loaded).toMatchObject({ original: { name: 'A' }, data: { name: 'A' }, loading: false });
  });

  it('applies an update to the data as they stand, so an effect working from an older render loses no edit queued before it', () => {
    const typed = formReducer(loaded, { type: 'edit', data: { name: 'Typed meanwhile' } });
    const updated = formReducer(typed, { type: 'update', apply: (data) => ({ ...data, notes: 'from an effect' }) });
    expect(updated.data).toEqual({ name: 'Typed meanwhile', notes: 'from an effect' });
    expect(formReducer(initialFormState<Basket>(), { type: 'update', apply: () => ({ name: 'x' }) }).data).toBeNull();
  });

  it('edits without touching the baseline and resets back to it', () => {
    const edited = formReducer(loaded, { type: 'edit', data: { name: 'B' } });
    expect(edited.original).toEqual({ name: 'A' });
    expect(formReducer(edited, { type: 'reset' }).data).toEqual({ name: 'A' });
  });

  it('counts a fresh (prefilled, unsaved) record as changed until it is saved', () => {
    expect(hasChanges(loaded)).toBe(false);
    expect(hasChanges(formReducer(loaded, { type: 'edit', data: { name: 'B' } }))).toBe(true);
    const fresh = formReducer(initialFormState<Basket>(), { type: 'loaded', data: { name: 'New' }, fresh: true });
    expect(hasChanges(fresh)).toBe(true);
    expect(hasChanges(formReducer(fresh, { type: 'reset' }))).toBe(true);
    expect(hasChanges(formReducer(fresh, { type: 'saved', data: { name: 'New' } }))).toBe(false);
  });

  it('makes the saved answer the new baseline', () => {
    const saving = formReducer(formReducer(loaded, { type: 'edit', data: { name: 'B' } }), { type: 'saveStart' });
    expect(saving.saving).toBe(true);
    const saved = formReducer(saving, { type: 'saved', data: { name: 'B' } });
    expect(saved).toMatchObject({ original: { name: 'B' }, data: { name: 'B' }, saving: false });
  });

  it('keeps the edits and the problem when saving fails', () => {
    const edited = formReducer(loaded, { type: 'edit', data: { name: 'B' } });
    const failed = formReducer(formReducer(edited, { type: 'saveStart' }), { type: 'saveFailed', problem: problem('name') });
    expect(failed).toMatchObject({ data: { name: 'B' }, saving: false });
    expect(failed.saveProblem?.parameter).toBe('name');
  });

  it('rebases onto defaulted data without counting it as an edit', () => {
    const rebased = formReducer(loaded, { type: 'rebase', data: { name: 'A', notes: '' } });
    expect(rebased).toMatchObject({ original: { name: 'A', notes: '' }, data: { name: 'A', notes: '' } });
    const edited = formReducer(loaded, { type: 'edit', data: { name: 'B' } });
    expect(formReducer(edited, { type: 'rebase', data: { name: 'A', notes: '' } })).toMatchObject({
      original: { name: 'A', notes: '' },
      data: { name: 'B' },
    });
  });

  it('records a failed load', () => {
    const failed = formReducer(initialFormState<Basket>(), { type: 'loadFailed', problem: problem() });
    expect(failed).toMatchObject({ loading: false, data: null });
    expect(failed.loadError?.code).toBe('invalid_body');
  });
});

describe('a record loaded again while edited (someone else saved it)', () => {
  it('takes the new values and keeps the fields this user changed, as typed', () => {
    const original = { name: 'Office', notes: 'old', city: 'Leeds' };
    const typed = { name: 'Office 2', notes: 'old', city: 'Leeds' };
    expect(keepEdits(original, typed, { name: 'Office', notes: 'theirs', city: 'York' })).toEqual({
      name: 'Office 2',
      notes: 'theirs',
      city: 'York',
    });
  });

  it('becomes the new baseline, the edits still counting as changes, the problem gone', () => {
    const loaded = formReducer(initialFormState<Basket>(), { type: 'loaded', data: { name: 'A', notes: 'x' } });
    const edited = formReducer(loaded, { type: 'edit', data: { name: 'B', notes: 'x' } });
    const failed = formReducer(edited, { type: 'saveFailed', problem: problem() });
    const refreshed = formReducer(failed, { type: 'refreshed', data: { name: 'A', notes: 'y' } });
    expect(refreshed).toMatchObject({ original: { name: 'A', notes: 'y' }, data: { name: 'B', notes: 'y' }, saveProblem: null });
    expect(hasChanges(refreshed)).toBe(true);
  });
});

describe('isChanged', () => {
  it('ignores key order and undefined properties', () => {
    expect(isChanged({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: undefined })).toBe(false);
  });

  it('sees changed values, nested ones and array order', () => {
    expect(isChanged({ a: 1 }, { a: 2 })).toBe(true);
    expect(isChanged({ a: { b: 'x' } }, { a: { b: 'y' } })).toBe(true);
    expect(isChanged({ a: [1, 2] }, { a: [2, 1] })).toBe(true);
    expect(isChanged({ a: null }, {})).toBe(true);
  });
});

describe('problemToFieldErrors', () => {
  it('puts the message on the named field', () => {
    expect(problemToFieldErrors(problem('name'), 'Bad name')).toEqual({ name: { __errors: ['Bad name'] } });
    expect(problemToFieldErrors(problem('body.name'), 'Bad name')).toEqual({ name: { __errors: ['Bad name'] } });
  });

  it('nests dotted and pointer paths', () => {
    const expected = { address: { city: { __errors: ['x'] } } };
    expect(problemToFieldErrors(problem('address.city'), 'x')).toEqual(expected);
    expect(problemToFieldErrors(problem('/address/city'), 'x')).toEqual(expected);
  });

  it('is not a field error without a parameter', () => {
    expect(problemToFieldErrors(problem(), 'x')).toBeUndefined();
    expect(problemToFieldErrors(null, 'x')).toBeUndefined();
  });
});
