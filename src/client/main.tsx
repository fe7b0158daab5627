import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders';
import { hydrated, hydrateFromServer, queryClient } from './queryClient';
import { readServerState } from '#client/render/serverState';
import { registerApp } from '#client/app/registerApp';
import { pageSetup } from '#client/i18n/pageSetup';
import { appRoutes } from './routes';
import './styles.css';

/**
 * The page's screen code, loaded before hydrating: the markup the server sent already shows it, and
 * a lazy route still loading would render the fallback instead.
 */
async function loadLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * Ends the current task, so the browser may paint and handle input before the next step: the
 * entry's evaluation, reading the page's state and the hydration are then tasks of their own
 * rather than one long one (Lighthouse counts each task's time over 50 ms as blocking).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Ends the page's hydration once its first render has committed. Outermost, its effect runs after
 * every screen's in that commit: each query the page mounts with has already been kept from asking
 * again. A lazy part still loading inside a Suspense boundary commits later, after the window: none
 * of those reads the server's answers today, and one that does must not be lazy.
 */
function EndsHydration({ children }: { children: ReactNode }) {
  useEffect(hydrated, []);
  return children;
}

async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  const routes = appRoutes(queryClient);
  const server = readServerState();
  const i18n = await pageSetup();
  if (server) {
    hydrateFromServer(server.queries);
    await loadLazyRoutes(routes);
    await nextTask();
  }
  const app = (
    <EndsHydration>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={createBrowserRouter(routes, { hydrationData: server?.router })} />
      </AppProviders>
    </EndsHydration>
  );
  // As a transition, the first render (or hydration) yields to the browser every few milliseconds
  // instead of holding the main thread for all of it.
  startTransition(() => {
    if (server) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
start(root).catch((error: unknown) => console.error('Could not start PhoneHaat', error));
registerApp(queryClient);
