import { Suspense, useCallback, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { AppHeader } from '@/widgets/app-header';
import { BottomNav } from '@/widgets/bottom-nav';
import { Footer } from '@/widgets/footer';
import { NotificationsSidebar } from '@/widgets/notifications-sidebar';
import { SideMenu } from '@/widgets/side-menu';
import { isShellHidden } from '@/shared/config';
import { Spinner } from '@/shared/ui/spinner';
import { useSessionExpiry } from './use-session-expiry';
import './app-layout.css';

const MENU_ID = 'side-menu';
const NOTIFICATIONS_ID = 'notifications-sidebar';

function PageFallback() {
  return (
    <div className="app-layout__fallback">
      <Spinner label="Loading page" />
    </div>
  );
}

/** The shell around every page; hidden on login, registration and the forgot-password screens (spec §1). */
export function AppLayout() {
  const { pathname } = useLocation();
  useSessionExpiry();
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeNotifications = useCallback(() => setNotificationsOpen(false), []);

  // Any navigation (a link, the back button) closes the drawers.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
    setNotificationsOpen(false);
  }

  if (isShellHidden(pathname)) {
    return (
      <>
        <ScrollRestoration />
        <main id="main" className="app-layout__bare">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </>
    );
  }

  return (
    <div className="app-layout">
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppHeader
        menuOpen={menuOpen}
        notificationsOpen={notificationsOpen}
        menuId={MENU_ID}
        notificationsId={NOTIFICATIONS_ID}
        onOpenMenu={() => setMenuOpen(true)}
        onOpenNotifications={() => setNotificationsOpen(true)}
      />
      <SideMenu id={MENU_ID} open={menuOpen} onClose={closeMenu} />
      <NotificationsSidebar id={NOTIFICATIONS_ID} open={notificationsOpen} onClose={closeNotifications} />
      <main id="main" className="app-layout__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BottomNav />
    </div>
  );
}
