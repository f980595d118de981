/**
 * A gate a test opens by hand: a route handler awaits `opened` to hold an answer back (or signals
 * that a request came), until the test calls `open()`.
 */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
