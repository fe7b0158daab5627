import { Link } from 'react-router';
import type { LogEntry } from '#shared/moderation';
import { paths } from '#shared/paths';
import { Badge } from '#client/components/Badge';
import type { Column } from '#client/components/DataTable';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

const SUBJECTS: Record<string, string> = {
  listing: 'Listing',
  user: 'Account',
  conversation: 'Conversation',
  review: 'Review',
};

const changes = (entry: LogEntry) =>
  Object.keys(entry.after).length ? `${JSON.stringify(entry.before)} → ${JSON.stringify(entry.after)}` : '—';

/** The log's columns, for the log screen and a case's history. */
export const logColumns: ReadonlyArray<Column<LogEntry>> = [
  { header: 'When', kind: 'title', className: 'whitespace-nowrap', cell: (e) => when(e.at) },
  {
    header: 'Who',
    cell: (e) => (
      <span className="flex items-center gap-1.5">
        {e.actorName}
        {e.automated && <Badge>automated</Badge>}
      </span>
    ),
  },
  { header: 'Action', cell: (e) => e.actionLabel },
  {
    header: 'About',
    cell: (e) =>
      e.caseId ? (
        <Link to={paths.moderationCase(e.caseId)} className="text-brand-700 hover:underline">
          {SUBJECTS[e.subjectType] ?? e.subjectType} case
        </Link>
      ) : (
        (SUBJECTS[e.subjectType] ?? e.subjectType)
      ),
  },
  {
    header: 'Reason',
    cell: (e) => (
      <>
        {e.reasonLabel}
        {e.note && <span className="block text-ink-500">{e.note}</span>}
      </>
    ),
  },
  { header: 'Until', className: 'whitespace-nowrap', cell: (e) => (e.until ? when(e.until) : '—') },
  { header: 'Before → after', className: 'font-mono text-xs break-all text-ink-600', cell: changes },
];
