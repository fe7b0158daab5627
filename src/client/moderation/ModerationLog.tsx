import { buttonClasses } from '#client/components/Button';
import { TablePage } from '#client/components/TablePage';
import { LOG_CSV_URL, useModerationLog } from './api/moderation';
import { logColumns } from './LogTable';
import { ModerationNav } from './ModerationNav';

/** Every moderation action, newest first: it can be read and exported, never changed. */
export function ModerationLog() {
  const log = useModerationLog();
  return (
    <>
      <ModerationNav />
      <TablePage
        title="Moderation log"
        description="Every action, by whom, why, and what it changed. Entries are never changed or deleted."
        headerActions={
          <a href={LOG_CSV_URL} download className={buttonClasses('secondary', 'sm')}>
            Export CSV
          </a>
        }
        query={log}
        noun="log entries"
        emptyTitle="Nothing logged yet"
        emptyDescription="Each action on a case is written here."
        caption="Moderation log"
        columns={logColumns}
      />
    </>
  );
}
