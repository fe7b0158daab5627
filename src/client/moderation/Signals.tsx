import type { CaseSummary } from '#shared/moderation';
import { Badge } from '#client/components/Badge';
import { formatWhen } from '#client/components/formatWhen';

/** What a moderator weighs about the person behind a case. */
export function Signals({ signals }: { signals: CaseSummary['signals'] }) {
  if (!signals.userId) return <p className="text-sm text-ink-500">The account is deleted.</p>;
  return (
    <ul aria-label={`About ${signals.name}`} className="flex flex-wrap gap-1.5">
      <li>
        <Badge>{signals.name}</Badge>
      </li>
      {signals.memberSince && (
        <li>
          <Badge>Member since {formatWhen(signals.memberSince)}</Badge>
        </li>
      )}
      <li>
        <Badge tone={signals.emailVerified ? 'success' : 'warning'}>
          {signals.emailVerified ? 'Email verified' : 'Email not verified'}
        </Badge>
      </li>
      <li>
        <Badge tone={signals.sellerVerified ? 'info' : 'neutral'}>
          {signals.sellerVerified ? 'Verified seller' : 'Seller not verified'}
        </Badge>
      </li>
      <li>
        <Badge tone={signals.earlierSanctions ? 'danger' : 'neutral'}>
          {signals.earlierSanctions} earlier sanction{signals.earlierSanctions === 1 ? '' : 's'}
        </Badge>
      </li>
      <li>
        <Badge tone={signals.openReports > 1 ? 'warning' : 'neutral'}>
          {signals.openReports} open report{signals.openReports === 1 ? '' : 's'}
        </Badge>
      </li>
      {signals.suspended && (
        <li>
          <Badge tone="danger">Suspended</Badge>
        </li>
      )}
      {signals.restrictedUntil && Date.parse(signals.restrictedUntil) > Date.now() && (
        <li>
          <Badge tone="danger">Restricted</Badge>
        </li>
      )}
    </ul>
  );
}

/** "Scam ×3, Fake photos ×1" */
export const reasonsLine = (reasons: CaseSummary['reasons']) => reasons.map((r) => `${r.label} ×${r.count}`).join(', ');
