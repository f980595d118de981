import { useContext } from 'react';
import { CurrentUserContext, type CurrentUserState } from './currentUserContext';

export type { CurrentUserState } from './currentUserContext';
export type { CurrentUser } from './currentUser';

/** The current user and the session actions; needs a CurrentUserProvider above. */
export function useCurrentUser(): CurrentUserState {
  const state = useContext(CurrentUserContext);
  if (!state) throw new Error('useCurrentUser needs a <CurrentUserProvider> above it');
  return state;
}
