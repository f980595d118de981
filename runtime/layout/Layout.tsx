import type { ReactNode } from 'react';
import { AlertBanners } from '../alerts/AlertBanners';
import type { Crumb } from '../routing/routeTypes';
import { Breadcrumbs } from './Breadcrumbs';
import { EmulationBar } from './EmulationBar';
import { Header } from './Header';

/** The page frame (000 §2.2): alerts on top, the emulation bar, header, breadcrumbs, the view. */
export function Layout({ crumbs, children }: { crumbs: readonly Crumb[]; children: ReactNode }) {
  return (
    <div className="layout">
      <AlertBanners />
      <EmulationBar />
      <Header />
      <Breadcrumbs crumbs={crumbs} />
      <main className="layout__main">{children}</main>
    </div>
  );
}
