import { lazy, Suspense } from 'react';
import { useAppOffers } from './appState';

// The notices and their dialog download only when there is something to offer: most page loads have nothing.
const AppNotices = lazy(() => import('./AppNotices').then(({ AppNotices }) => ({ default: AppNotices })));

/** The installable app's offers (a new version, push notifications, installing), when there are any (docs/app.md). */
export function AppOffers() {
  const { update, push, install } = useAppOffers();
  if (!update && !push && !install) return null;
  return (
    <Suspense fallback={null}>
      <AppNotices />
    </Suspense>
  );
}
