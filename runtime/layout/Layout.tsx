import { useEffect, type ReactNode } from 'react';
import { AlertBanners } from '../alerts/AlertBanners';
import type { Crumb } from '../routing/routeTypes';
import { Breadcrumbs } from './Breadcrumbs';
import { EmulationBar } from './EmulationBar';
import { useCurrentUser } from '../session/useCurrentUser';
import { fontStyle } from './branding';
import { Header } from './Header';
import { preloadListTable } from '../list/ListTable';

/**
 * The page frame (000 §2.2): alerts on top, the emulation bar, header, breadcrumbs, the view, and
 * the footer text of the user's organisation's branding (docs/backoffice.md "Custom branding"),
 * whose fonts the page takes.
 */
export function Layout({ crumbs, children }: { crumbs: readonly Crumb[]; children: ReactNode }) {
  const { user } = useCurrentUser();
  const branding = user?.branding;
  const signedIn = user !== null && user !== undefined;
  useEffect(() => {
    if (signedIn) preloadListTable();
  }, [signedIn]);
  return (
    <div className="layout" style={fontStyle(branding)}>
      <AlertBanners />
      <EmulationBar />
      <Header />
      <Breadcrumbs crumbs={crumbs} />
      <main className="layout__main">{children}</main>
      {branding?.footer_text && (
        <footer className="app-footer" data-testid="branding-footer">
          {branding.footer_text}
        </footer>
      )}
    </div>
  );
}
