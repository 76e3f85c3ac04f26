import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@/shared/config';
import { AppLayout } from '../layout/app-layout';

// One chunk per page (architecture: pages are lazy-loaded).
const HomePage = lazy(() => import('@/pages/home').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('@/pages/login').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('@/pages/register').then((m) => ({ default: m.RegisterPage })));
const AboutUsPage = lazy(() => import('@/pages/about-us').then((m) => ({ default: m.AboutUsPage })));
const HelpSupportPage = lazy(() => import('@/pages/help-support').then((m) => ({ default: m.HelpSupportPage })));
const CompanionsPage = lazy(() => import('@/pages/companions').then((m) => ({ default: m.CompanionsPage })));
const NotFoundPage = lazy(() => import('@/pages/not-found').then((m) => ({ default: m.NotFoundPage })));

/**
 * The route table, shared by the browser router and the tests' memory router. Later issues add their
 * pages here (paths from shared/config); until then those paths fall to the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home(), element: <HomePage /> },
      { path: paths.login(), element: <LoginPage /> },
      { path: paths.register(), element: <RegisterPage /> },
      { path: paths.aboutUs(), element: <AboutUsPage /> },
      { path: paths.helpSupport(), element: <HelpSupportPage /> },
      { path: paths.companions(), element: <CompanionsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
