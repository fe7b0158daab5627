import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { useFormat, useT, type MessageId } from '#client/i18n';
import { useStanding } from './api/moderation';

/** What a screen's person cannot do while restricted, as a whole sentence of the catalog. */
const DOING = { listing: 'moderation.restricted.cannotList' } as const satisfies Record<string, MessageId>;

/** Says, where it matters, that the account is restricted and until when; nothing otherwise. */
export function RestrictionNotice({ doing }: { doing?: keyof typeof DOING }) {
  const standing = useStanding();
  const t = useT();
  const format = useFormat();
  const until = standing.data?.restrictedUntil;
  if (!until) return null;
  return (
    <p role="status" className="mb-4 rounded-control border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <span className="font-semibold">{t('moderation.restricted.until', { date: format.dateTime(until) })}</span>{' '}
      {t(doing ? DOING[doing] : 'moderation.restricted.cannotAny')} {t('moderation.restricted.still')}{' '}
      <Link to={paths.accountStanding} className="font-semibold underline underline-offset-2">
        {t('moderation.restricted.why')}
      </Link>
    </p>
  );
}
