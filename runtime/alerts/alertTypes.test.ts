import { describe, expect, it } from 'vitest';
import { ACTIONS_AUTO_CLEAR_MS, alertDelay, DEFAULT_AUTO_CLEAR_MS, withPopped, withPushed, type Alert } from './alertTypes';

const alert = (id: number, type: string, key?: string): Alert => ({
  id,
  type,
  level: 'info',
  messageKey: 'app.title',
  ...(key === undefined ? {} : { key }),
});

describe('withPushed', () => {
  it('appends an alert of a new type and key', () => {
    const list = withPushed([alert(1, 'save')], alert(2, 'add_to_basket', '7'));
    expect(list.map((a) => a.id)).toEqual([1, 2]);
  });

  it('replaces an alert of the same type and key in place', () => {
    const list = withPushed([alert(1, 'save'), alert(2, 'add', '7'), alert(3, 'add', '8')], alert(4, 'add', '7'));
    expect(list.map((a) => a.id)).toEqual([1, 4, 3]);
  });

  it('treats a missing key as its own key', () => {
    const list = withPushed([alert(1, 'save', 'x')], alert(2, 'save'));
    expect(list.map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('withPopped', () => {
  const list = [alert(1, 'add', '7'), alert(2, 'add', '8'), alert(3, 'save')];

  it('removes only the keyed alert when a key is given', () => {
    expect(withPopped(list, 'add', '8').map((a) => a.id)).toEqual([1, 3]);
  });

  it('removes every alert of the type without a key', () => {
    expect(withPopped(list, 'add').map((a) => a.id)).toEqual([3]);
  });
});

describe('alertDelay', () => {
  it('clears a plain alert after 2 s (000 §9) and one with action links after long enough to reach them', () => {
    expect(alertDelay({})).toBe(DEFAULT_AUTO_CLEAR_MS);
    expect(alertDelay({ actions: [{ labelKey: 'app.title', route: 'basket' }] })).toBe(ACTIONS_AUTO_CLEAR_MS);
    expect(ACTIONS_AUTO_CLEAR_MS).toBeGreaterThan(DEFAULT_AUTO_CLEAR_MS);
  });

  it("keeps an alert's own delay, null included (until closed)", () => {
    expect(alertDelay({ autoClearMs: 2500, actions: [{ labelKey: 'app.title', route: 'basket' }] })).toBe(2500);
    expect(alertDelay({ autoClearMs: null })).toBeNull();
  });
});
