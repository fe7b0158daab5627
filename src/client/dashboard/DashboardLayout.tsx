import { useState } from 'react';
import { Outlet } from 'react-router';
import { Button } from '#client/components/Button';
import type { Roles } from '#client/accounts/api/roles';
import { EmptyState } from '#client/components/EmptyState';
import { Icon, iconPaths } from '#client/components/Icon';
import { FullScreenSpinner } from '#client/components/Spinner';
import { AccountCard } from './AccountCard';
import { DashboardDrawer } from './DashboardDrawer';
import { DashboardMenu } from './DashboardMenu';
import { menuFor, type MenuEntry } from './menu';
import { useDashboardRoles } from './useDashboardRoles';
import { Msg, useT } from '#client/i18n';

const DRAWER_ID = 'dashboard-drawer';

interface SideMenuProps {
  roles: Roles;
  entries: MenuEntry[];
  onNavigate?: () => void;
}

/** Who is signed in and the menu: beside the screen on a wide window, in the drawer on a phone. */
function SideMenu({ roles, entries, onNavigate }: SideMenuProps) {
  const t = useT();
  return (
    <>
      <AccountCard roles={roles} />
      <nav aria-label={t('dashboard.title')} className="border-t border-ink-100 pt-4">
        <DashboardMenu entries={entries} onNavigate={onNavigate} />
      </nav>
    </>
  );
}

/** Side menu and content; on phones the menu moves into a drawer behind a button. */
export function DashboardLayout() {
  const { roles, loading, error, retry } = useDashboardRoles();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const t = useT();
  // The menu and the role screens' guards need the roles: treating a failed check as "no role"
  // would hide the user's screens and send them away from the one they asked for.
  if (error) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
        <EmptyState
          tone="error"
          title={t('dashboard.error.title')}
          description={error.message}
          action={
            <Button variant="secondary" onClick={retry}>
              <Msg id="dashboard.error.retry" />
            </Button>
          }
        />
      </div>
    );
  }
  if (loading) return <FullScreenSpinner label={t('dashboard.loading')} />;

  const entries = menuFor(roles);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-10">
      <aside className="hidden lg:block">
        <div className="sticky top-6 flex flex-col gap-5 rounded-card border border-ink-200 bg-white p-4 shadow-card">
          <SideMenu roles={roles} entries={entries} />
        </div>
      </aside>

      <div className="mb-5 lg:hidden">
        <Button
          variant="secondary"
          aria-controls={DRAWER_ID}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <Icon d={iconPaths.menu} />
          <Msg id="dashboard.menu.open" />
        </Button>
      </div>
      <DashboardDrawer id={DRAWER_ID} open={drawerOpen} onClose={closeDrawer}>
        <SideMenu roles={roles} entries={entries} onNavigate={closeDrawer} />
      </DashboardDrawer>

      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
