import type { CaseSummary } from '#shared/moderation';
import { Badge } from '#client/components/Badge';
import { UserText } from '#client/components/UserText';
import { useFormat, useT } from '#client/i18n';
import { useModerationLabels } from './labels';

/** What a moderator weighs about the person behind a case. */
export function Signals({ signals }: { signals: CaseSummary['signals'] }) {
  const t = useT();
  const format = useFormat();
  if (!signals.userId) return <p className="text-sm text-ink-500">{t('moderation.signals.deleted')}</p>;
  return (
    <ul aria-label={t('moderation.signals.about', { name: signals.name })} className="flex flex-wrap gap-1.5">
      <li>
        <Badge>
          <UserText>{signals.name}</UserText>
        </Badge>
      </li>
      {signals.memberSince && (
        <li>
          <Badge>{t('moderation.signals.memberSince', { when: format.relative(signals.memberSince) })}</Badge>
        </li>
      )}
      <li>
        <Badge tone={signals.emailVerified ? 'success' : 'warning'}>
          {t(signals.emailVerified ? 'moderation.signals.emailVerified' : 'moderation.signals.emailNotVerified')}
        </Badge>
      </li>
      <li>
        <Badge tone={signals.sellerVerified ? 'info' : 'neutral'}>
          {t(signals.sellerVerified ? 'moderation.signals.sellerVerified' : 'moderation.signals.sellerNotVerified')}
        </Badge>
      </li>
      <li>
        <Badge tone={signals.earlierSanctions ? 'danger' : 'neutral'}>
          {t('moderation.signals.sanctions', { count: signals.earlierSanctions })}
        </Badge>
      </li>
      <li>
        <Badge tone={signals.openReports > 1 ? 'warning' : 'neutral'}>
          {t('moderation.signals.reports', { count: signals.openReports })}
        </Badge>
      </li>
      {signals.suspended && (
        <li>
          <Badge tone="danger">{t('moderation.signals.suspended')}</Badge>
        </li>
      )}
      {signals.restrictedUntil && Date.parse(signals.restrictedUntil) > Date.now() && (
        <li>
          <Badge tone="danger">{t('moderation.signals.restricted')}</Badge>
        </li>
      )}
    </ul>
  );
}

/** "Scam ×3, Fake photos ×1" */
export function useReasonsLine() {
  const t = useT();
  const labels = useModerationLabels();
  return (reasons: CaseSummary['reasons']) =>
    reasons
      .map((r) => t('moderation.reasonCount', { label: labels.reportReason(r.reason, r.label), count: r.count }))
      .join(', ');
}
