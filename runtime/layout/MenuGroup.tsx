import { useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useT } from '../i18n/useT';
import { MenuLink } from './MenuLink';
import type { ShownGroup } from './shownMenu';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

/**
 * A group of the header menu as a disclosure (WAI-ARIA disclosure navigation): a button with
 * aria-expanded opening a list of links. Enter or Space toggles it, ArrowDown opens it at its first
 * link, ArrowUp and ArrowDown move between the links, Escape closes it and gives the button its
 * focus back; it closes when the focus leaves it and when the page changes.
 */
export function MenuGroup({ group, currentPath }: { group: ShownGroup; currentPath: string | undefined }) {
  const t = useT();
  const listId = useId();
  const [open, setOpen] = useOpenUntilNavigation();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const holdsCurrent = group.entries.some((entry) => entry.path === currentPath);

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const at = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      setOpen(true);
      // The links render on the next paint; focus the first once they are there.
      requestAnimationFrame(() => focusLink(0));
    } else if (at === -1) focusLink(event.key === 'ArrowDown' ? 0 : -1);
    else focusLink(at + (event.key === 'ArrowDown' ? 1 : -1));
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="main-menu__group" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className={`main-menu__link main-menu__group-toggle${holdsCurrent ? ' main-menu__link--current' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t(group.label)}
        <span className="main-menu__caret" aria-hidden="true" />
      </button>
      <ul ref={list} id={listId} className="main-menu__group-list" hidden={!open}>
        {group.entries.map((entry) => (
          <li key={`${entry.path}:${entry.label}`}>
            <MenuLink entry={entry} current={entry.path === currentPath} />
          </li>
        ))}
      </ul>
    </div>
  );
}
