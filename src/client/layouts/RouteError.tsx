import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ApiError } from '#client/api/http';
import { Button } from '#client/components/Button';
import { EmptyState } from '#client/components/EmptyState';
import { NotFound } from './NotFound';
import { Msg, useErrorText, useT } from '#client/i18n';

/** What a screen shows when its loader fails: the not-found screen for a 404, otherwise a way to retry. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const t = useT();
  const errorText = useErrorText();
  const missing =
    (error instanceof ApiError && error.code === 'NOT_FOUND') || (isRouteErrorResponse(error) && error.status === 404);
  if (missing) return <NotFound />;

  const message = error instanceof Error ? errorText(error.message) : t('layouts.routeError.fallback');
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        tone="error"
        title={t('layouts.routeError.title')}
        description={message}
        action={
          <Button loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
            <Msg id="layouts.routeError.retry" />
          </Button>
        }
      />
    </div>
  );
}
