import { createContext } from 'react';
import type { CurrentUser } from './currentUser';

export interface CurrentUserState {
  /** The signed-in user, or null when signed out (or not known yet, see `loading`). */
  user: CurrentUser | null;
  /** True until the first `GET /whoami` has answered; guarded routes wait for it. */
  loading: boolean;
  /**
   * Asks the server again who is signed in; a failure means signed out (000 §7). After a
   * navigation that changed who is signed in (emulation), `afterNavigation` renders the new user
   * together with that navigation, so the screen being left never renders for them.
   */
  reload: (options?: { afterNavigation?: boolean }) => Promise<CurrentUser | null>;
  /** Ends the session on the server and forgets the user here. */
  logout: () => Promise<void>;
  /** Takes the user a successful `POST /auth/login` answered with. */
  signedIn: (user: CurrentUser) => void;
}

export const CurrentUserContext = createContext<CurrentUserState | null>(null);
