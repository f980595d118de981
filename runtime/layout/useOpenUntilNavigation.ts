import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state that closes whenever the page changes (following a menu entry folds the menu
 * again), reset while rendering, as React advises for state that follows a changing input.
 */
export function useOpenUntilNavigation(): [boolean, (open: boolean) => void] {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(pathname);
  if (openOn !== pathname) {
    setOpenOn(pathname);
    setOpen(false);
  }
  return [open, setOpen];
}
