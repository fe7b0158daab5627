import { Link } from 'react-router';
import { paths } from '#shared/paths';
import type { CaseSummary } from '#shared/moderation';
import { Badge } from '#client/components/Badge';
import { formatWhen } from '#client/components/formatWhen';
import { PageHeader } from '#client/components/PageHeader';
import { PagedList } from '#client/components/PagedList';
import { useCaseQueue } from './api/moderation';
import { ModerationNav } from './ModerationNav';
import { reasonsLine, Signals } from './Signals';

const SUBJECT_LABELS: Record<CaseSummary['subjectType'], string> = {
  listing: 'Listing',
  user: 'Account',
  conversation: 'Conversation',
  review: 'Review',
};

/** The admin's queue: one card per reported thing, the oldest first. */
export function ModerationQueue() {
  const cases = useCaseQueue();
  return (
    <>
      <ModerationNav />
      <PageHeader
        title="Moderation"
        description="One case per reported listing, account or conversation, the oldest first. Every action is kept in the log."
      />
      <PagedList
        query={cases}
        noun="open cases"
        emptyTitle="No open case"
        emptyDescription="When someone reports a listing, an account or a conversation, its case shows up here."
      >
        {(rows) => (
          <ul className="flex flex-col gap-3">
            {rows.map((item) => (
              <li key={item._id}>
                <CaseCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function CaseCard({ item }: { item: CaseSummary }) {
  return (
    <article className="flex flex-col gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-500">
            <Badge tone="brand">{SUBJECT_LABELS[item.subjectType]}</Badge>
            <span>opened {formatWhen(item.openedAt)}</span>
          </p>
          <h2 className="mt-1 text-base font-semibold break-words text-ink-900">
            <Link to={paths.moderationCase(item._id)} className="hover:underline">
              {item.title}
            </Link>
          </h2>
        </div>
        <Link
          to={paths.moderationCase(item._id)}
          className="text-sm font-semibold text-brand-700 hover:underline"
          aria-label={`Open the case of ${item.title}`}
        >
          Open case →
        </Link>
      </div>
      <p className="text-sm font-medium text-red-800">{reasonsLine(item.reasons)}</p>
      <Signals signals={item.signals} />
    </article>
  );
}
