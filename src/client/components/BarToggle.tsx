import type { ReactNode } from 'react';
import { cx } from './cx';

interface BarToggleProps {
  open: boolean;
  /** The id of the panel it opens and closes. */
  controls: string;
  label: string;
  onToggle: () => void;
  className?: string;
  children: ReactNode;
}

/** A square button of the header's bar that opens a panel (the phone's search and menu, the bell). */
export function BarToggle({ open, controls, label, onToggle, className, children }: BarToggleProps) {
  return (
    <button
      type="button"
      className={cx(
        'inline-flex size-10 items-center justify-center rounded-control text-ink-700 hover:bg-ink-100',
        className,
      )}
      aria-label={label}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}
