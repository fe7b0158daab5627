import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider, useAuth } from '#client/accounts/AuthProvider';
import { useLocale } from '#client/i18n';
import { readCookie, splitLocalePath } from '#shared/i18n/addresses';
import { LANG_COOKIE } from '#shared/i18n/locales';
import { AppOffers } from '#client/app/AppOffers';
import { NavigationProgress } from '#client/components/NavigationProgress';
import { Toasts } from '#client/components/toast';
import { usePageMeta } from './pageMeta';

/**
 * An account's language on a browser that has made no choice yet (a new phone, signed in for the
 * first time): the page takes it, as its mail and notifications already do.
 */
function AccountLanguage() {
  const { user } = useAuth();
  const { locale, choose } = useLocale();
  useEffect(() => {
    if (!user || user.locale === locale) return;
    if (readCookie(document.cookie, LANG_COOKIE) || splitLocalePath(window.location.pathname).locale) return;
    void choose({ locale: user.locale, latinDigits: user.latinDigits });
  }, [user, locale, choose]);
  return null;
}

/** Wraps every screen: the session, a loading bar between screens, the toasts. */
export function AppShell() {
  // `<html data-ready>` once the page responds (its first render or its hydration is done): what a
  // browser test waits for after loading a page the server rendered, whose buttons show before that.
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  usePageMeta();
  return (
    <AuthProvider>
      <AccountLanguage />
      <NavigationProgress />
      <Outlet />
      <Toasts />
      <AppOffers />
      <ScrollRestoration />
    </AuthProvider>
  );
}
