import { Link } from 'react-router';
import type { LogEntry } from '#shared/moderation';
import { paths } from '#shared/paths';
import { Badge } from '#client/components/Badge';
import type { Column } from '#client/components/DataTable';
import { UserText } from '#client/components/UserText';
import { useFormat, useT } from '#client/i18n';
import { useModerationLabels } from './labels';

const changes = (entry: LogEntry) =>
  Object.keys(entry.after).length ? `${JSON.stringify(entry.before)} → ${JSON.stringify(entry.after)}` : '—';

/** The log's columns, for the log screen and a case's history. */
export function useLogColumns(): ReadonlyArray<Column<LogEntry>> {
  const t = useT();
  const format = useFormat();
  const labels = useModerationLabels();
  return [
    {
      header: t('moderation.log.when'),
      kind: 'title',
      className: 'whitespace-nowrap',
      cell: (e) => format.dateTime(e.at),
    },
    {
      header: t('moderation.log.who'),
      cell: (e) => (
        <span className="flex items-center gap-1.5">
          <UserText>{e.actorName}</UserText>
          {e.automated && <Badge>{t('moderation.case.automated')}</Badge>}
        </span>
      ),
    },
    { header: t('moderation.log.action'), cell: (e) => labels.action(e.action, e.actionLabel) },
    {
      header: t('moderation.log.about'),
      cell: (e) =>
        e.caseId ? (
          <Link to={paths.moderationCase(e.caseId)} className="text-brand-700 hover:underline">
            {t('moderation.subject.case', { subject: e.subjectType })}
          </Link>
        ) : (
          labels.subject(e.subjectType)
        ),
    },
    {
      header: t('moderation.log.reason'),
      cell: (e) => (
        <>
          {labels.actionReason(e.reason, e.reasonLabel)}
          {e.note && <UserText className="block text-ink-500">{e.note}</UserText>}
        </>
      ),
    },
    {
      header: t('moderation.log.until'),
      className: 'whitespace-nowrap',
      cell: (e) => (e.until ? format.dateTime(e.until) : '—'),
    },
    {
      header: t('moderation.log.changes'),
      className: 'font-mono text-xs break-all text-ink-600',
      cell: (e) => <UserText>{changes(e)}</UserText>,
    },
  ];
}
