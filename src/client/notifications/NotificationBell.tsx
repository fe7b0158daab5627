import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMarkAllRead, useNotifications, useUnreadCount } from './api/notifications';
import { cx } from '#client/components/cx';
import { BarToggle } from '#client/components/BarToggle';
import { Spinner } from '#client/components/Spinner';
import { Msg, useErrorText, useFormat, useT } from '#client/i18n';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M14.8 18a3 3 0 0 1-5.6 0M18 9.5a6 6 0 1 0-12 0c0 3.6-1 5.5-2 6.5h16c-1-1-2-2.9-2-6.5Z"
      />
    </svg>
  );
}

function NotificationList({ onPick }: { onPick: () => void }) {
  const list = useNotifications(true);
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  if (list.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-600">
        <Spinner label={t('notifications.bell.loading')} />
      </div>
    );
  }
  if (list.isError) return <p className="px-4 py-6 text-sm text-red-700">{errorText(list.error.message)}</p>;
  const { rows } = list.data;
  if (rows.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-ink-500">
        <Msg id="notifications.bell.empty" />
      </p>
    );
  }
  return (
    <>
      <ul className="max-h-[min(28rem,70vh)] divide-y divide-ink-100 overflow-y-auto">
        {rows.map((notification) => (
          <li key={notification._id}>
            <Link
              to={notification.link}
              onClick={onPick}
              className={cx(
                'block px-4 py-3 text-sm hover:bg-ink-50 focus-visible:bg-ink-50',
                notification.read ? 'text-ink-600' : 'bg-brand-50/60 text-ink-900',
              )}
            >
              {/* Written in the recipient's language when it was sent. */}
              <span className="block" data-user-text>
                {notification.message}
              </span>
              <span className="mt-1 block text-xs text-ink-500">{format.relative(notification.createdAt)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className="w-full border-t border-ink-100 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-ink-50"
          onClick={() => void list.fetchNextPage()}
        >
          <Msg id={list.isFetchingNextPage ? 'notifications.bell.loadingMore' : 'notifications.bell.older'} />
        </button>
      )}
    </>
  );
}

/**
 * The header's bell: the unread count, kept current by the server's event stream, and a panel with
 * the notifications. Opening it reads them all, which clears the count.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const markAllRead = useMarkAllRead();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const t = useT();
  const format = useFormat();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && unread > 0) markAllRead.mutate();
  }

  const label = unread > 0 ? t('notifications.bell.unreadLabel', { count: unread }) : t('notifications.bell.title');
  return (
    <div ref={rootRef} className="relative">
      <BarToggle open={open} controls={panelId} label={label} onToggle={toggle} className="relative">
        <BellIcon />
        {unread > 0 && (
          <span
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white"
            data-testid="unread-count"
            aria-hidden="true"
          >
            {unread > 99 ? t('notifications.bell.many') : format.number(unread)}
          </span>
        )}
      </BarToggle>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t('notifications.bell.title')}
          className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-card border border-ink-200 bg-white shadow-raised sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <h2 className="border-b border-ink-100 px-4 py-3 text-sm font-semibold text-ink-900">
            <Msg id="notifications.bell.title" />
          </h2>
          <NotificationList onPick={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
