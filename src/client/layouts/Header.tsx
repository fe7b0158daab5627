import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { BarToggle } from '#client/components/BarToggle';
import { cx } from '#client/components/cx';
import { Icon, iconPaths } from '#client/components/Icon';
import { Logo } from '#client/components/Logo';
import { SearchBox } from '#client/search/SearchBox';
import { paths } from '#shared/paths';
import { Msg, useLocale, useT } from '#client/i18n';
import { LanguageSwitch } from '#client/i18n/LanguageSwitch';

/*
 * Only a signed-in user has a bell, and the server renders every page as a visitor sees it: the bell
 * and its notifications' queries download after sign-in, not with every page (docs/performance.md).
 */
const NotificationBell = lazy(async () => ({
  default: (await import('#client/notifications/NotificationBell')).NotificationBell,
}));

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block rounded-control px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  );

/** Home, Blog, then Login or Dashboard and Logout, the same on the bar and in the phone menu. */
function NavItems() {
  const { user, loading, logout } = useAuth();
  const { localePath } = useLocale();
  return (
    <>
      <li>
        <NavLink to={localePath(paths.home)} end className={navLinkClasses}>
          <Msg id="layouts.header.home" />
        </NavLink>
      </li>
      <li>
        <NavLink to={localePath(paths.blog)} className={navLinkClasses}>
          <Msg id="layouts.header.blog" />
        </NavLink>
      </li>
      {loading ? (
        <li className="px-3 py-2 text-sm text-ink-500" aria-live="polite">
          <Msg id="layouts.header.loading" />
        </li>
      ) : user?.email ? (
        <>
          <li>
            <NavLink to={paths.dashboard} className={navLinkClasses}>
              <Msg id="layouts.header.dashboard" />
            </NavLink>
          </li>
          <li>
            <Button variant="secondary" size="sm" className="w-full md:ml-2 md:w-auto" onClick={() => void logout()}>
              <Msg id="layouts.header.logout" />
            </Button>
          </li>
        </>
      ) : (
        <li>
          <NavLink to={localePath(paths.login)} className={navLinkClasses}>
            <Msg id="layouts.header.login" />
          </NavLink>
        </li>
      )}
      <li>
        <LanguageSwitch className="block w-full text-left md:w-auto" />
      </li>
    </>
  );
}

/** The phone's panels under the bar, at most one open at a time; each toggle's label says what a tap does. */
const panels = {
  search: { id: 'mobile-search', open: 'layouts.header.searchPhones', close: 'layouts.header.closeSearch' },
  menu: { id: 'mobile-menu', open: 'layouts.header.openMenu', close: 'layouts.header.closeMenu' },
} as const;
type Panel = keyof typeof panels;

function PanelToggle(props: {
  panel: Panel;
  shown: Panel | null;
  onToggle: (panel: Panel) => void;
  children: ReactNode;
}) {
  const t = useT();
  const { id, open, close } = panels[props.panel];
  const isOpen = props.shown === props.panel;
  return (
    <BarToggle
      open={isOpen}
      controls={id}
      label={t(isOpen ? close : open)}
      onToggle={() => props.onToggle(props.panel)}
      className="md:hidden"
    >
      {props.children}
    </BarToggle>
  );
}

export function Header() {
  const { user } = useAuth();
  const t = useT();
  const location = useLocation();
  // On a phone the search box waits behind a button in the bar, so it is one tap away on every page.
  const [panel, setPanel] = useState<Panel | null>(null);
  const toggle = (pressed: Panel) => setPanel((shown) => (shown === pressed ? null : pressed));
  // Every navigation closes the phone menu and search, also one they did not start (the logo, Back).
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setPanel(null);
  }
  return (
    <header className="sticky top-0 z-30 border-b border-ink-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav
        aria-label={t('layouts.header.main')}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8"
      >
        <Logo />
        <SearchBox className="mx-4 hidden max-w-md flex-1 md:block" />
        <div className="flex items-center gap-1">
          <ul className="hidden items-center gap-1 md:flex">
            <NavItems />
          </ul>
          <PanelToggle panel="search" shown={panel} onToggle={toggle}>
            <Icon d={iconPaths.search} />
          </PanelToggle>
          {user?.email && (
            // The bell's own size while it downloads, so the buttons beside it do not move.
            <Suspense fallback={<span className="inline-flex size-10" aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
          )}
          <PanelToggle panel="menu" shown={panel} onToggle={toggle}>
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              {panel === 'menu' ? (
                <path strokeLinecap="round" d="m6 6 12 12M18 6 6 18" />
              ) : (
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              )}
            </svg>
          </PanelToggle>
        </div>
      </nav>
      <div
        id="mobile-search"
        hidden={panel !== 'search'}
        className="border-t border-ink-200 bg-white px-4 py-3 md:hidden"
      >
        {/* Mounted when opened, so the keyboard comes up at once. */}
        {panel === 'search' && <SearchBox autoFocus />}
      </div>
      <div id="mobile-menu" hidden={panel !== 'menu'} className="border-t border-ink-200 bg-white md:hidden">
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          <NavItems />
        </ul>
      </div>
    </header>
  );
}
