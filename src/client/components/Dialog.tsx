import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from 'react';
import { Icon, iconPaths } from './Icon';

interface DialogProps extends Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onCancel' | 'onClick' | 'children'> {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back to on closing; by default whatever had it when the dialog opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Rendered only while the dialog is open. */
  children: ReactNode;
}

/**
 * Every overlay of the app (Modal, the dashboard drawer, the full-screen photos) on the native
 * `<dialog>`: `showModal()` makes the page behind it inert (so Tab stays inside), Escape and a click
 * on the backdrop close it, and focus goes back to whatever opened it.
 */
export function Dialog({ open, onClose, returnFocusTo, children, ...rest }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener =
      returnFocusTo?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open, returnFocusTo]);

  return (
    <dialog
      ref={dialogRef}
      onCancel={(event) => {
        // Escape: let React's state close the dialog, so both stay in step.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its panel.
        if (event.target === event.currentTarget) onClose();
      }}
      {...rest}
    >
      {open && children}
    </dialog>
  );
}

/** The × in a dialog's corner. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="-m-1.5 rounded-full p-1.5 text-ink-500 hover:bg-ink-100 hover:text-ink-900"
    >
      <Icon d={iconPaths.close} />
    </button>
  );
}
