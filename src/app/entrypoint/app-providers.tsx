import { lazy, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { onFailureNotice } from '@/shared/api';
import type { AppStore } from '../model';

// Only pages raise toasts, so react-toastify loads beside the first page instead of in the initial
// bundle; toasts raised before the container mounts are queued by react-toastify and shown then.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

interface AppProvidersProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Store, router and toasts (react-toastify 11 injects its own CSS). Tests mount the same tree. */
export function AppProviders({ store, router }: AppProvidersProps) {
  // A failed optimistic change (like, follow, join) says so in a toast; loaded like the container.
  useEffect(() => onFailureNotice((text) => void import('react-toastify').then(({ toast }) => toast.error(text))), []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <ToastContainer position="top-center" autoClose={4000} newestOnTop closeOnClick theme="colored" />
      </Suspense>
    </Provider>
  );
}
