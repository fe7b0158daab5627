import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '#shared/paths';
import { useLocale, useT } from '#client/i18n';

/** The PhoneHaat mark and name, linking home. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const t = useT();
  const { localePath } = useLocale();
  return (
    <Link
      to={localePath(paths.home)}
      className="flex items-center gap-2.5 rounded-control"
      aria-label={t('components.logo.home', { name: PRODUCT_NAME })}
      translate="no"
    >
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#0d7f76" />
        <rect x="10" y="6" width="12" height="20" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
        <path d="M14.5 22.5h3" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="24.5" cy="8" r="3.5" fill="#fbbf24" />
      </svg>
      <span
        className={
          tone === 'dark'
            ? 'text-xl font-bold tracking-tight text-ink-900'
            : 'text-xl font-bold tracking-tight text-white'
        }
      >
        Phone<span className={tone === 'dark' ? 'text-brand-600' : 'text-brand-300'}>Haat</span>
      </span>
    </Link>
  );
}
