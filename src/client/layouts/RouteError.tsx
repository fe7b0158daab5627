import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ApiError } from '#client/api/http';
import { Button } from '#client/components/Button';
import { EmptyState } from '#client/components/EmptyState';
import { NotFound } from './NotFound';

/** What a screen shows when its loader fails: the not-found screen for a 404, otherwise a way to retry. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const missing =
    (error instanceof ApiError && error.code === 'NOT_FOUND') || (isRouteErrorResponse(error) && error.status === 404);
  if (missing) return <NotFound />;

  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        tone="error"
        title="This page could not be loaded"
        description={message}
        action={
          <Button loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
            Try again
          </Button>
        }
      />
    </div>
  );
}
