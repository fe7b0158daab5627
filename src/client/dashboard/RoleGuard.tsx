import { Navigate, Outlet } from 'react-router';
import type { Role, Roles } from '#client/accounts/api/roles';
import { FullScreenSpinner } from '#client/components/Spinner';
import { useDashboardRoles } from './useDashboardRoles';
import { paths } from '#shared/paths';
import { useT } from '#client/i18n';

const roleFlag: Record<Role, keyof Roles> = { admin: 'isAdmin', seller: 'isSeller', buyer: 'isBuyer' };

/** Lets only users of `role` into the screens below it; anyone else lands on Dashboard Home. */
export function RoleGuard({ role }: { role: Role }) {
  const { roles, loading } = useDashboardRoles();
  const t = useT();
  if (loading) return <FullScreenSpinner label={t('dashboard.checkingAccess')} />;
  return roles[roleFlag[role]] ? <Outlet /> : <Navigate to={paths.dashboard} replace />;
}
