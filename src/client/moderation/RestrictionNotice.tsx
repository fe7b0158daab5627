import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { useStanding } from './api/moderation';

const day = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Says, where it matters, that the account is restricted and until when; nothing otherwise. */
export function RestrictionNotice({ doing }: { doing?: string }) {
  const standing = useStanding();
  const until = standing.data?.restrictedUntil;
  if (!until) return null;
  return (
    <p role="status" className="mb-4 rounded-control border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <span className="font-semibold">Your account is restricted until {day(until)}.</span>{' '}
      {doing ? `You cannot ${doing} until then. ` : 'You cannot list, book, message or review until then. '}
      You can still sign in, read your messages and finish accepted deals.{' '}
      <Link to={paths.accountStanding} className="font-semibold underline underline-offset-2">
        See why and appeal
      </Link>
    </p>
  );
}
