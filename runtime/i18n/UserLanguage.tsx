import { useEffect } from 'react';
import { useCurrentUser } from '../session/useCurrentUser';
import { switchLanguage } from './i18n';

/** Shows the interface in the signed-in user's language; English otherwise. Renders nothing. */
export function UserLanguage() {
  const { user } = useCurrentUser();
  const language = user?.user_language;
  useEffect(() => void switchLanguage(language), [language]);
  return null;
}
