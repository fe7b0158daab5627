import { buttonClasses } from '#client/components/Button';
import { TablePage } from '#client/components/TablePage';
import { useT } from '#client/i18n';
import { LOG_CSV_URL, useModerationLog } from './api/moderation';
import { useLogColumns } from './LogTable';
import { ModerationNav } from './ModerationNav';

/** Every moderation action, newest first: it can be read and exported, never changed. */
export function ModerationLog() {
  const log = useModerationLog();
  const t = useT();
  const columns = useLogColumns();
  return (
    <>
      <ModerationNav />
      <TablePage
        texts="moderation.log"
        headerActions={
          <a href={LOG_CSV_URL} download className={buttonClasses('secondary', 'sm')}>
            {t('moderation.log.export')}
          </a>
        }
        query={log}
        emptyDescription={t('moderation.log.emptyText')}
        columns={columns}
      />
    </>
  );
}
