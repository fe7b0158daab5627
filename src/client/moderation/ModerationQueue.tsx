import { Link } from 'react-router';
import { paths } from '#shared/paths';
import type { CaseSummary } from '#shared/moderation';
import { Badge } from '#client/components/Badge';
import { PageHeader } from '#client/components/PageHeader';
import { PagedList } from '#client/components/PagedList';
import { UserText } from '#client/components/UserText';
import { useFormat, useT } from '#client/i18n';
import { useCaseQueue } from './api/moderation';
import { SUBJECTS } from './labels';
import { ModerationNav } from './ModerationNav';
import { Signals, useReasonsLine } from './Signals';

/** The admin's queue: one card per reported thing, the oldest first. */
export function ModerationQueue() {
  const cases = useCaseQueue();
  const t = useT();
  return (
    <>
      <ModerationNav />
      <PageHeader texts="moderation.queue" />
      <PagedList
        query={cases}
        noun={t('moderation.queue.noun')}
        showing="moderation.queue.showing"
        emptyTitle={t('moderation.queue.empty')}
        emptyDescription={t('moderation.queue.emptyText')}
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
  const t = useT();
  const format = useFormat();
  const reasonsLine = useReasonsLine();
  return (
    <article className="flex flex-col gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-500">
            <Badge tone="brand">{t(SUBJECTS[item.subjectType])}</Badge>
            <span>{t('moderation.queue.opened', { when: format.relative(item.openedAt) })}</span>
          </p>
          <h2 className="mt-1 text-base font-semibold break-words text-ink-900">
            <Link to={paths.moderationCase(item._id)} className="hover:underline">
              <UserText>{item.title}</UserText>
            </Link>
          </h2>
        </div>
        <Link
          to={paths.moderationCase(item._id)}
          className="text-sm font-semibold text-brand-700 hover:underline"
          aria-label={t('moderation.queue.openCaseOf', { title: item.title })}
        >
          {t('moderation.queue.openCase')}
        </Link>
      </div>
      <p className="text-sm font-medium text-red-800">{reasonsLine(item.reasons)}</p>
      <Signals signals={item.signals} />
    </article>
  );
}
