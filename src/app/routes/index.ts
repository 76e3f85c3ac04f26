export { AppRoutes } from './app-routes';
