import { useCallback, useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../api/client';
import type { components } from '../generated/api';

export type LayoutColumn = components['schemas']['ListLayoutColumn'];

/** Quiet time after the last column change before it is kept: a drag or resize sends one save. */
const SAVE_DELAY_MS = 600;

export interface ListLayoutStore {
  /** The user's columns (order, widths, hidden), [] for the screen's own; null while loading. */
  columns: readonly LayoutColumn[] | null;
  /** Keeps the columns as the user left them (after a quiet time; the last change wins). */
  save: (columns: LayoutColumn[]) => void;
  /** Back to the screen's own columns, here and on the server. */
  reset: () => Promise<void>;
}

/**
 * The signed-in user's column layout of a list screen, kept on the server (GET, PUT and DELETE
 * /whoami/list_layouts/{screen}) so it follows them to another browser. Without a screen (a list
 * not of the spec) nothing is loaded or kept. A layout that cannot be loaded is the screen's own:
 * the list works without it.
 */
export function useListLayout(screen: string | undefined): ListLayoutStore {
  const [columns, setColumns] = useState<readonly LayoutColumn[] | null>(screen ? null : []);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; send: () => void } | null>(null);

  useEffect(() => {
    if (!screen) return undefined;
    let current = true;
    unwrap(api.GET('/whoami/list_layouts/{screen}', { params: { path: { screen } } })).then(
      (layout) => current && setColumns(layout.columns),
      () => current && setColumns([]),
    );
    return () => {
      current = false;
    };
  }, [screen]);

  // A change still waiting when the list goes away is sent at once, not lost.
  useEffect(
    () => () => {
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      pending.current.send();
      pending.current = null;
    },
    [],
  );

  const save = useCallback(
    (next: LayoutColumn[]) => {
      if (!screen) return;
      // The layout is the user's from now on (the grid stops fitting the columns to their content).
      setColumns(next);
      if (pending.current) clearTimeout(pending.current.timer);
      const send = () => void api.PUT('/whoami/list_layouts/{screen}', { params: { path: { screen } }, body: { columns: next } });
      pending.current = {
        send,
        timer: setTimeout(() => {
          pending.current = null;
          send();
        }, SAVE_DELAY_MS),
      };
    },
    [screen],
  );

  const reset = useCallback(async () => {
    if (!screen) return;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    await api.DELETE('/whoami/list_layouts/{screen}', { params: { path: { screen } } });
    setColumns([]);
  }, [screen]);

  return { columns, save, reset };
}
