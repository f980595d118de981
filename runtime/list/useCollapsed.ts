import { useCallback, useState } from 'react';

/** The ids of the collapsed tree nodes, and a toggle for one of them. */
export function useCollapsed(): [ReadonlySet<number>, (id: number) => void] {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return [collapsed, toggle];
}
