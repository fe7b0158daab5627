import { useAuth } from '#client/accounts/AuthProvider';
import { useRoles } from '#client/accounts/api/roles';

/** The signed-in user's roles; the dashboard sits behind PrivateRoute, so a user is there. */
export function useDashboardRoles() {
  const { user } = useAuth();
  return useRoles(user?.email ?? '');
}
