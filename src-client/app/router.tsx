import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from './layout';
import { BootFallback } from './shell/boot-fallback';

// A document opened by its URL has no history state, so the router would key its entry "default", and
// <ScrollRestoration> would scroll it to the position the tab's previous "default" entry (another page,
// saved in sessionStorage) was left at. A key of its own, which the browser keeps in the entry across
// reloads and Back, restores only this entry's position. The router reads `history.state.key` as the key.
if (!window.history.state?.key) {
  window.history.replaceState({ ...window.history.state, key: Math.random().toString(36).slice(2, 10) }, '');
}

/** The route table; old paths redirect. Each page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    HydrateFallback: BootFallback,
    children: [
      { path: '/', element: <Navigate to="/alllistings" replace /> },
      { path: '/listings', element: <Navigate to="/alllistings" replace /> },
      { path: '/mylistings', element: <Navigate to="/myprofile" replace /> },
      { path: '/alllistings', lazy: () => import('./routes/all-listings') },
      { path: '/listing/:id', lazy: () => import('./routes/listing-detail') },
      { path: '/item/:name', lazy: () => import('./routes/item-market') },
      { path: '/market', lazy: () => import('./routes/market-overview') },
      { path: '/profile/:userId', lazy: () => import('./routes/public-profile') },
      { path: '/gettingstarted', lazy: () => import('./routes/getting-started') },
      { path: '/guides/build-a-bot', lazy: () => import('./routes/build-a-bot') },
      { path: '/register', lazy: () => import('./routes/register') },
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/post', lazy: () => import('./routes/post-listing') },
      { path: '/myprofile', lazy: () => import('./routes/my-profile') },
      { path: '/myprofile/trades', lazy: () => import('./routes/my-trades') },
      { path: '/adminpanel', lazy: () => import('./routes/admin-panel') },
      { path: '/auth-success', lazy: () => import('./routes/auth-success') },
      { path: '/reset-password', lazy: () => import('./routes/reset-password') },
      { path: '/verify-email', lazy: () => import('./routes/verify-email') },
      { path: '/test', lazy: () => import('./routes/test-page') },
      { path: '*', element: <Navigate to="/alllistings" replace /> },
    ],
  },
]);
