import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '#client/accounts/AuthProvider';
import { NavigationProgress } from '#client/components/NavigationProgress';
import { usePageMeta } from './pageMeta';

/** Wraps every screen: the session, a loading bar between screens, the toasts (react-hot-toast's defaults are the spec's numbers). */
export function AppShell() {
  // `<html data-ready>` once the page responds (its first render or its hydration is done): what a
  // browser test waits for after loading a page the server rendered, whose buttons show before that.
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  usePageMeta();
  return (
    <AuthProvider>
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </AuthProvider>
  );
}
