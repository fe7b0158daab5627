import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '#client/components/Spinner';
import { useAuth } from './AuthProvider';
import { paths } from '#shared/paths';
import { useT } from '#client/i18n';

/** Shows its screen to a signed-in user; a guest goes to /login, which sends them back afterwards. */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const t = useT();
  if (loading && !user) return <FullScreenSpinner label={t('accounts.private.checking')} />;
  if (!user) return <Navigate to={paths.login} state={{ from: location }} replace />;
  return children;
}
