import { createBrowserRouter } from 'react-router';
import { routes } from './routes-config.tsx';

export const router = createBrowserRouter(routes);
