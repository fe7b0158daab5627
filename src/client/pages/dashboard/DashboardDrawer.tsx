import { useEffect, useRef, type ReactNode } from 'react';

interface DashboardDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The side menu on phones: a native modal `<dialog>` pinned to the left edge, so the page behind is
 * inert, Escape closes it and focus returns to the menu button.
 */
export function DashboardDrawer({ id, open, onClose, children }: DashboardDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-label="Dashboard menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-ink-800 shadow-raised backdrop:bg-ink-950/50"
    >
      {open && (
        <div className="flex h-full flex-col gap-5 p-5">
          <div className="flex items-center justify-between">
            <p className="text-base font-semibold text-ink-900">Dashboard</p>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dashboard menu"
              className="-m-1.5 rounded-full p-1.5 text-ink-500 hover:bg-ink-100 hover:text-ink-900"
            >
              <svg
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                aria-hidden="true"
              >
                <path strokeLinecap="round" d="m5 5 10 10M15 5 5 15" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
