import { useAuth } from '#client/accounts/AuthProvider';
import { ButtonLink } from '#client/components/Button';
import { menuFor } from './menu';
import { useDashboardRoles } from './useDashboardRoles';
import { Msg } from '#client/i18n';

export function DashboardHome() {
  const { user } = useAuth();
  const { roles } = useDashboardRoles();
  const shortcuts = menuFor(roles).slice(1);

  return (
    <section className="rounded-card border border-ink-200 bg-white p-6 shadow-card sm:p-10">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Msg id="dashboard.title" />
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        <Msg
          id="dashboard.home.welcome"
          values={{
            name: user?.displayName ?? user?.email ?? '',
            user: (chunks) => <span translate="no">{chunks}</span>,
          }}
        />
      </h1>
      <p className="mt-2 text-ink-600">
        <Msg id="dashboard.home.lead" />
      </p>
      {shortcuts.length > 0 && (
        <div className="mt-8 flex flex-wrap gap-3">
          {shortcuts.map((entry) => (
            <ButtonLink key={entry.to} to={entry.to} variant="secondary">
              <Msg id={entry.label} />
            </ButtonLink>
          ))}
        </div>
      )}
    </section>
  );
}
