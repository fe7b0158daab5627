import { Outlet } from 'react-router';
import { EmailVerificationBanner } from '#client/accounts/EmailVerificationBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { Msg } from '#client/i18n';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-white px-4 py-2 font-medium text-brand-700 shadow-raised focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Msg id="layouts.skipToContent" />
      </a>
      <Header />
      <EmailVerificationBanner />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
