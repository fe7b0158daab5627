import type { ReactNode } from 'react';
import { CloseButton, Dialog } from '#client/components/Dialog';
import { Msg, useT } from '#client/i18n';

interface DashboardDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The side menu on phones: a dialog pinned to the left edge; focus returns to the menu button. */
export function DashboardDrawer({ id, open, onClose, children }: DashboardDrawerProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      id={id}
      aria-label={t('dashboard.menu.open')}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-ink-800 shadow-raised backdrop:bg-ink-950/50"
    >
      <div className="flex h-full flex-col gap-5 p-5">
        <div className="flex items-center justify-between">
          <p className="text-base font-semibold text-ink-900">
            <Msg id="dashboard.title" />
          </p>
          <CloseButton label={t('dashboard.menu.close')} onClick={onClose} />
        </div>
        {children}
      </div>
    </Dialog>
  );
}
