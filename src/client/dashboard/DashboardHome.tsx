import { useAuth } from '#client/accounts/AuthProvider';
import { ButtonLink } from '#client/components/Button';
import { menuFor } from './menu';
import { useDashboardRoles } from './useDashboardRoles';

export function DashboardHome() {
  const { user } = useAuth();
  const { roles } = useDashboardRoles();
  const shortcuts = menuFor(roles).slice(1);

  return (
    <section className="rounded-card border border-ink-200 bg-white p-6 shadow-card sm:p-10">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Dashboard</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        Welcome, {user?.displayName ?? user?.email}
      </h1>
      <p className="mt-2 text-ink-600">You can see your all activities here</p>
      {shortcuts.length > 0 && (
        <div className="mt-8 flex flex-wrap gap-3">
          {shortcuts.map((entry) => (
            <ButtonLink key={entry.to} to={entry.to} variant="secondary">
              {entry.label}
            </ButtonLink>
          ))}
        </div>
      )}
    </section>
  );
}
