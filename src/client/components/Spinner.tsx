import { cx } from './cx';
import { useT } from '#client/i18n';

interface SpinnerProps {
  /** What is loading, read out to screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  const t = useT();
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      <svg className="size-5 animate-spin text-current" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label ?? t('components.spinner.loading')}</span>
    </span>
  );
}

/** Holds a list's place while its first rows load. */
export function ListSpinner({ label, className }: SpinnerProps) {
  return (
    <div className={cx('flex justify-center py-16 text-brand-600', className)}>
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  );
}

/** Covers the viewport while a whole screen waits (auth, role checks). */
export function FullScreenSpinner({ label }: SpinnerProps) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-brand-600">
      <Spinner label={label} className="[&_svg]:size-10" />
    </div>
  );
}
