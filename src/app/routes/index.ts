import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

export { routes };

export const createAppRouter = () => createBrowserRouter(routes);
