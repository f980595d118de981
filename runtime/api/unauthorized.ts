/**
 * Any API answer 401 means the session has ended (api contract). The session provider listens
 * here so a guarded screen falls back to the login page instead of showing a broken view.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportUnauthorized(): void {
  for (const listener of listeners) listener();
}
