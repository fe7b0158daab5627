import { NavLink } from 'react-router';
import { paths } from '#shared/paths';
import { cx } from '#client/components/cx';
import { useT, type MessageId } from '#client/i18n';

const TABS: Array<{ to: string; label: MessageId }> = [
  { to: paths.moderation, label: 'moderation.nav.open' },
  { to: paths.moderationAppeals, label: 'moderation.nav.appeals' },
  { to: paths.moderationLog, label: 'moderation.nav.log' },
];

/** The moderation desk's three screens, side by side. */
export function ModerationNav() {
  const t = useT();
  return (
    <nav aria-label={t('moderation.nav.label')} className="mb-5 flex gap-1 border-b border-ink-200">
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
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}
