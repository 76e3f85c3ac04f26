import { lazy, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { onFailureNotice } from '@/shared/api';
import type { AppStore } from '../model';
import { AppRoutes } from '../routes';

// Only pages raise toasts, so react-toastify loads beside the first page instead of in the initial
// bundle; toasts raised before the container mounts are queued by react-toastify and shown then.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * Store, router and toasts (react-toastify 11 injects its own CSS). Tests mount the same tree with a
 * memory history in place of the browser's (test-utils/render.tsx).
 */
export function AppProviders({ store }: { store: AppStore }) {
  // A failed optimistic change (like, follow, join) says so in a toast; loaded like the container.
  useEffect(() => onFailureNotice((text, title) => void import('react-toastify').then(({ toast }) => {
    toast.error(title ? <span className="titled-toast"><strong>{title}</strong> <span>{text}</span></span> : text);
  })), []);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <ToastContainer position="top-center" autoClose={4000} newestOnTop closeOnClick theme="colored" />
      </Suspense>
    </Provider>
  );
}
