import { useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { menu } from '../generated/menu';
import { useT } from '../i18n/useT';
import { findRoute, isSpaPath } from '../routing/links';
import { useCurrentUser } from '../session/useCurrentUser';
import { MenuGroup } from './MenuGroup';
import { MenuLink } from './MenuLink';
import { currentEntryPath, shownMenu } from './shownMenu';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';
import './mainMenu.css';

/**
 * The header menu, generated from spec/menu.yaml: the entries the signed-in user's guards let them
 * see, the current area marked. Below 768 px wide it folds behind a "Menu" button.
 */
export function MainMenu() {
  const t = useT();
  const listId = useId();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const [unfolded, setUnfolded] = useOpenUntilNavigation();
  const toggle = useRef<HTMLButtonElement>(null);
  const items = useMemo(() => shownMenu(menu, user, findRoute), [user]);
  if (items.length === 0) return null;
  // A path no route draws (the not-found page) belongs to no area.
  const currentPath = isSpaPath(pathname) ? currentEntryPath(items, pathname) : undefined;
  // Escape folds the unfolded menu, unless an open group took it first.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !unfolded || event.defaultPrevented) return;
    setUnfolded(false);
    toggle.current?.focus();
  };

  return (
    <nav className="main-menu" aria-label={t('menu.label')} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="button main-menu__toggle"
        aria-expanded={unfolded}
        aria-controls={listId}
        onClick={() => setUnfolded(!unfolded)}
      >
        {t('menu.toggle')}
      </button>
      <ul id={listId} className={`main-menu__list${unfolded ? ' main-menu__list--unfolded' : ''}`}>
        {items.map((item) =>
          item.kind === 'group' ? (
            <li key={`group:${item.name}`}>
              <MenuGroup group={item} currentPath={currentPath} />
            </li>
          ) : (
            <li key={`${item.path}:${item.label}`}>
              <MenuLink entry={item} current={item.path === currentPath} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
