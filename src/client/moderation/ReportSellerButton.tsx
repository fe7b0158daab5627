import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { UserReport } from '#shared/moderation';
import { paths } from '#shared/paths';
import { useRoles } from '#client/accounts/api/roles';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { useT } from '#client/i18n';
import { reportUser } from './api/moderation';
import { ReportDialog } from './ReportDialog';
import { usePersonReportTexts, useReportDialog } from './useReportDialog';

/**
 * "Report this seller" on a seller's public page. A guest signs in first and comes back here; the
 * seller does not see it on their own page, nor does the admin, who handles reports rather than
 * making them.
 */
export function ReportSellerButton({ sellerId, name }: { sellerId: string; name: string }) {
  const { user, loading } = useAuth();
  const { roles, loading: rolesLoading } = useRoles(user?.email ?? '');
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  // The dialog checked the form with a user's schema, so its reason is one of a user's.
  const report = useReportDialog(
    useMutation({ mutationFn: reportUser }),
    (form) => ({ userId: sellerId, ...(form as Omit<UserReport, 'userId'>) }),
    usePersonReportTexts('user', name),
  );

  if (loading || (user && (rolesLoading || roles.isAdmin || user.uid === sellerId))) return null;

  const start = () => (user ? report.start() : void navigate(paths.login, { state: { from: location } }));
  return (
    <>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-ink-500">
        {t('moderation.report.sellerQuestion')}
        <Button variant="ghost" size="sm" onClick={start} className="-ml-1 text-red-700 hover:text-red-800">
          {t('moderation.report.seller')}
        </Button>
      </p>
      <ReportDialog {...report.dialog} />
    </>
  );
}
