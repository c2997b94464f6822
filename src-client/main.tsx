// The shared vocabulary first, so feature and shell styles imported below can refine it.
import './styles/global.css';
// Before any schema runs.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { bindLiveEvents } from './app/live-events';
import { router } from './app/router';

bindLiveEvents();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
