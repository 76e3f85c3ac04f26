import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppHeader } from '@/widgets/app-header';
import { BottomNav } from '@/widgets/bottom-nav';
import { Footer } from '@/widgets/footer';
import { isShellHidden } from '@/shared/config';
import { Spinner } from '@/shared/ui/spinner';
import { OfflineBanner, UpdatePrompt } from '../pwa';
import { useScrollRestoration } from './use-scroll-restoration';
import { useSessionExpiry } from './use-session-expiry';
import './app-layout.css';

// The drawers load on first open, outside the first screen's JS.
const SideMenu = lazy(() => import('@/widgets/side-menu').then((m) => ({ default: m.SideMenu })));
const NotificationsSidebar = lazy(() => import('@/widgets/notifications-sidebar').then((m) => ({ default: m.NotificationsSidebar })));

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
  useScrollRestoration();
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // Mounted from the first open on (and kept, so closing animates and reopening is instant).
  const [menuUsed, setMenuUsed] = useState(false);
  const [notificationsUsed, setNotificationsUsed] = useState(false);
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
        <OfflineBanner atTop />
        <main id="main" className="app-layout__bare">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <UpdatePrompt />
      </>
    );
  }

  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppHeader
        menuOpen={menuOpen}
        notificationsOpen={notificationsOpen}
        menuId={MENU_ID}
        notificationsId={NOTIFICATIONS_ID}
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
        onOpenNotifications={() => {
          setNotificationsUsed(true);
          setNotificationsOpen(true);
        }}
      />
      <OfflineBanner />
      <Suspense fallback={null}>
        {menuUsed && <SideMenu id={MENU_ID} open={menuOpen} onClose={closeMenu} />}
        {notificationsUsed && <NotificationsSidebar id={NOTIFICATIONS_ID} open={notificationsOpen} onClose={closeNotifications} />}
      </Suspense>
      <main id="main" className="app-layout__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BottomNav />
      <UpdatePrompt />
    </div>
  );
}
