import { DEFAULT_WEBSTORE_STATE, type WebstoreState } from './storeState';

/**
 * Holds a webstore's state outside React so it outlives the page: a visitor who opens a product
 * and comes back finds the same page, sort and filters (000 §4 keeps them in the store's state).
 */
export interface WebstoreStateStore {
  get(): WebstoreState;
  set(next: WebstoreState): void;
  subscribe(listener: () => void): () => void;
}

export function createWebstoreStateStore(initial: WebstoreState = DEFAULT_WEBSTORE_STATE): WebstoreStateStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (next === current) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One state per store: the signed-in catalogue and the public one page and filter separately. */
export const signedInWebstoreState = createWebstoreStateStore();
export const publicWebstoreState = createWebstoreStateStore();
