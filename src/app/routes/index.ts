export { AppRoutes } from './app-routes';
export { preloadPage } from './routes';
