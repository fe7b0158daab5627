import { Toaster } from 'react-hot-toast';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { NavigationProgress } from './components/NavigationProgress';

/** Wraps every screen: the session, a loading bar between screens, the toasts (react-hot-toast's defaults are the spec's numbers). */
export function AppShell() {
  return (
    <AuthProvider>
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </AuthProvider>
  );
}
