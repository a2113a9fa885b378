import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The browser router the app renders. */
export const router = createBrowserRouter(routes);
