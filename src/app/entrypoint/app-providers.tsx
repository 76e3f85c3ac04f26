import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import type { AppStore } from '../model';

interface AppProvidersProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Store, router and toasts (react-toastify 11 injects its own CSS). Tests mount the same tree. */
export function AppProviders({ store, router }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer position="top-center" autoClose={4000} newestOnTop closeOnClick theme="colored" />
    </Provider>
  );
}
