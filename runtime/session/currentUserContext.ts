import { createContext } from 'react';
import type { CurrentUser } from './currentUser';

export interface CurrentUserState {
  /** The signed-in user, or null when signed out (or not known yet, see `loading`). */
  user: CurrentUser | null;
  /** True until the first `GET /whoami` has answered; guarded routes wait for it. */
  loading: boolean;
  /**
   * Asks the server again who is signed in; a failure means signed out (000 §7). When who is
   * signed in changed on the server (emulation), `navigate` goes to the next screen in the same
   * transition as the new user, so no screen renders for the wrong user on the way.
   */
  reload: (options?: { navigate?: () => void }) => Promise<CurrentUser | null>;
  /** Ends the session on the server and forgets the user here, with `navigate` in the same transition. */
  logout: (navigate?: () => void) => Promise<void>;
  /** Takes the user a successful `POST /auth/login` answered with. */
  signedIn: (user: CurrentUser) => void;
}

export const CurrentUserContext = createContext<CurrentUserState | null>(null);
