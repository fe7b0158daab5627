import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { I18nProvider, type I18nSetup } from '#client/i18n';

/** What wraps the router, the same in the browser and on the server (render/entry.tsx), so hydration matches. */
export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18nSetup;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider setup={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
