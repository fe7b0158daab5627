import { NavLink } from 'react-router';
import { paths } from '#shared/paths';
import { cx } from '#client/components/cx';

const TABS = [
  { to: paths.moderation, label: 'Open cases' },
  { to: paths.moderationAppeals, label: 'Appeals' },
  { to: paths.moderationLog, label: 'Log' },
];

/** The moderation desk's three screens, side by side. */
export function ModerationNav() {
  return (
    <nav aria-label="Moderation" className="mb-5 flex gap-1 border-b border-ink-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-ink-600 hover:text-ink-900',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
