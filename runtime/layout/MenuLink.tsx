import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import type { ShownEntry } from './shownMenu';

/** One menu entry: a router link (marked when it is the current area), or a full-page link to a server page. */
export function MenuLink({ entry, current }: { entry: ShownEntry; current: boolean }) {
  const t = useT();
  const className = `main-menu__link${current ? ' main-menu__link--current' : ''}`;
  if (!entry.route) {
    return (
      <a className={className} href={entry.path}>
        {t(entry.label)}
      </a>
    );
  }
  return (
    <Link className={className} to={entry.path} aria-current={current ? 'page' : undefined}>
      {t(entry.label)}
    </Link>
  );
}
