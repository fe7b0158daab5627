import { NavLink } from 'react-router';
import { cx } from '#client/components/cx';
import type { MenuEntry } from './menu';
import { Msg } from '#client/i18n';

interface DashboardMenuProps {
  entries: MenuEntry[];
  /** Called after an entry is chosen (the phone drawer closes itself). */
  onNavigate?: () => void;
}

export function DashboardMenu({ entries, onNavigate }: DashboardMenuProps) {
  return (
    <ul className="flex flex-col gap-1">
      {entries.map((entry) => (
        <li key={entry.to}>
          <NavLink
            to={entry.to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cx(
                'flex min-h-11 items-center rounded-control px-3.5 text-sm font-medium transition-colors',
                isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
              )
            }
          >
            <Msg id={entry.label} />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
