import { QueryFallback } from '#client/components/QueryFallback';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '#shared/paths';
import { DataTable } from '#client/components/DataTable';
import { PageHeader } from '#client/components/PageHeader';
import { Badge } from '#client/components/Badge';
import { UserText } from '#client/components/UserText';
import { useFormat, useT } from '#client/i18n';
import { useCase } from './api/moderation';
import { CaseActionForm } from './CaseActionForm';
import { useModerationLabels } from './labels';
import { useLogColumns } from './LogTable';
import { Signals, useReasonsLine } from './Signals';
import { ListingFields, SnapshotView } from './SnapshotView';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

/** One case: who and what, the evidence as reported, the thing as it is now, the decision, the history. */
export function CaseScreen() {
  const id = useParams().id ?? '';
  const details = useCase(id);
  const t = useT();
  const format = useFormat();
  const labels = useModerationLabels();
  const reasonsLine = useReasonsLine();
  const logColumns = useLogColumns();
  if (details.isPending || details.isError) {
    return <QueryFallback query={details} texts="moderation.case" backTo={paths.moderation} />;
  }
  const item = details.data;
  const firstListing = item.reportList.map((r) => r.snapshot).find((s) => s.type === 'listing');
  return (
    <div className="flex flex-col gap-5">
      <Link to={paths.moderation} className="text-sm font-medium text-brand-700 hover:underline">
        {t('moderation.case.openCases')}
      </Link>
      <PageHeader
        title={<UserText>{item.title}</UserText>}
        description={
          <>
            {item.open
              ? t('moderation.case.opened', { when: format.relative(item.openedAt) })
              : t('moderation.case.closed')}{' '}
            · {reasonsLine(item.reasons)}
          </>
        }
      />
      <Signals signals={item.signals} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title={t('moderation.case.reports')}>
          <ol className="flex flex-col gap-5">
            {item.reportList.map((report) => (
              <li key={report._id} className="flex flex-col gap-2 border-b border-ink-100 pb-4 last:border-0 last:pb-0">
                <p className="text-sm">
                  <span className="font-semibold">{labels.reportReason(report.reason, report.reasonLabel)}</span> ·{' '}
                  <UserText>{report.reporterName}</UserText>
                  {report.automated && <Badge className="ml-1">{t('moderation.case.automated')}</Badge>} ·{' '}
                  {format.relative(report.reportedAt)}
                </p>
                {report.note && (
                  <p className="text-sm break-words text-ink-700">
                    “<UserText>{report.note}</UserText>”
                  </p>
                )}
                <SnapshotView snapshot={report.snapshot} />
              </li>
            ))}
          </ol>
        </Panel>
        <div className="flex flex-col gap-5">
          {item.current && (
            <Panel title={t('moderation.case.listingNow', { state: item.current.state })}>
              <ListingFields
                snapshot={item.current}
                compareTo={firstListing?.type === 'listing' ? firstListing : undefined}
              />
            </Panel>
          )}
          {item.actions.length > 0 && (
            <Panel title={t('moderation.case.decide')}>
              <CaseActionForm caseId={item._id} actions={item.actions} />
            </Panel>
          )}
        </div>
      </div>
      <Panel title={t('moderation.case.history')}>
        {item.log.length ? (
          <DataTable
            caption={t('moderation.case.historyCaption')}
            hideCaption
            columns={logColumns}
            rows={item.log}
            rowKey={(e) => e._id}
          />
        ) : (
          <p className="text-sm text-ink-500">{t('moderation.case.noAction')}</p>
        )}
      </Panel>
    </div>
  );
}
