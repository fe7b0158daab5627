import { Toaster } from 'react-hot-toast';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';

/** Wraps every screen: the session, the toasts (react-hot-toast's defaults are the spec's numbers). */
export function AppShell() {
  return (
    <AuthProvider>
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </AuthProvider>
  );
}
