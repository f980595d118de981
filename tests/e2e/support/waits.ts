/**
 * The first wait on a screen whose grid or chart comes in a chunk of its own (AG Grid, Recharts):
 * on a quiet machine the metrics' charts are drawn 2 s after the page is asked for, and CI runs
 * two browsers and four portals on two cores, where that went past the default 7 s.
 */
export const FIRST_DRAW = { timeout: 20_000 } as const;
