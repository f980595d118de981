import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { useT } from '../i18n/useT';
import { routePath } from '../routing/links';
import { RouteLink } from '../routing/RouteLink';
import { useCurrentUser } from '../session/useCurrentUser';
import { headerStyle } from './branding';
import { MainMenu } from './MainMenu';

/**
 * The small header: app title, the menu, the signed-in user's name, and sign in / sign out; for a
 * user whose organisation has custom branding, its logo before the title and its navigation bar
 * colour (the text black or white, whichever reads) and background image.
 */
export function Header() {
  const t = useT();
  const navigate = useNavigate();
  const { user, loading, logout } = useCurrentUser();

  // The login page and the signed-out state render together, so the guarded page being left does
  // not bounce to /login?next=… on the way out.
  const signOut = () => logout(() => void navigate(routePath('login')));

  return (
    <header
      className={`app-header${user && headerStyle(user.branding) ? ' app-header--branded' : ''}`}
      style={user ? headerStyle(user.branding) : undefined}
    >
      <RouteLink to={user ? 'webstore' : 'public_webstore'} className="app-header__title">
        {user?.branding.image && <img className="app-header__logo" src={user.branding.image} alt={user.organisation.name} />}
        {t('app.title')}
      </RouteLink>
      <MainMenu />
      <div className="app-header__session">
        <LanguageSwitch />
        {!loading && user && (
          <>
            <span className="app-header__user" data-testid="current-user-name">
              {user.name}
            </span>
            <button type="button" className="button button--link" onClick={() => void signOut()}>
              {t('nav.log_out')}
            </button>
          </>
        )}
        {!loading && !user && <RouteLink to="login">{t('nav.log_in')}</RouteLink>}
      </div>
    </header>
  );
}
