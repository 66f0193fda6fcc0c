import { Outlet, ScrollRestoration } from 'react-router';
import { ScannerProvider } from '@/features/scanner/scanner-context';
import { ActionMenu } from './action-menu';
import { AppHeader } from './app-header';
import { BOTTOM_NAV_CLEARANCE, BottomNav } from './bottom-nav';
import { StatusBanner } from './status-banner';
import { StoredDataNotice } from './stored-data-notice';

/**
 * What every screen has (spec §2.1): status banner, header, the screen, action button, bottom navigation.
 * The scanner lives here, inside the router, because a found valve navigates to its detail screen.
 */
export function AppShell() {
  return (
    <ScannerProvider>
      <div className="min-h-dvh">
        <StatusBanner />
        <StoredDataNotice />
        <AppHeader />
        <main className={`mx-auto w-full max-w-5xl px-3 pt-4 sm:px-4 ${BOTTOM_NAV_CLEARANCE}`}>
          <Outlet />
        </main>
        <ActionMenu />
        <BottomNav />
        <ScrollRestoration />
      </div>
    </ScannerProvider>
  );
}
