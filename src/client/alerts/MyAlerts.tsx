import { toast } from '#client/components/toast';
import { Link } from 'react-router';
import { ALERT_FREQUENCIES, type Alert, type AlertFrequency } from '#shared/alerts';
import { paths } from '#shared/paths';
import { Badge } from '#client/components/Badge';
import { Button, ButtonLink } from '#client/components/Button';
import { confirmDelete, showDeleted } from '#client/components/confirmDelete';
import { EmptyState } from '#client/components/EmptyState';
import { Select } from '#client/components/FormField';
import { PageHeader } from '#client/components/PageHeader';
import { ListSpinner } from '#client/components/Spinner';
import { UserText } from '#client/components/UserText';
import { useFormat, useLocale, useT, type MessageId } from '#client/i18n';
import { AlertSentence } from './AlertSentence';
import { useAlerts, useDeleteAlert, useUpdateAlert } from './api/alerts';

const FREQUENCY_LABELS: Record<AlertFrequency, MessageId> = {
  instant: 'alerts.frequency.instant',
  daily: 'alerts.frequency.daily',
  weekly: 'alerts.frequency.weekly',
};

/** One saved search: what it looks for, how often it tells, its last matches, and its actions. */
function AlertCard({ alert }: { alert: Alert }) {
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const t = useT();
  const format = useFormat();
  const { localePath } = useLocale();
  const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : t('alerts.card.failed'));

  const change = async (changes: { paused?: boolean; frequency?: AlertFrequency }, done: MessageId) => {
    try {
      await update.mutateAsync({ id: alert._id, ...changes });
      toast.success(t(done));
    } catch (error) {
      failed(error);
    }
  };

  const onDelete = async () => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(alert._id);
      showDeleted();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <li className="rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere text-ink-900">
            <AlertSentence alert={alert} />
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-600">
            {alert.paused ? (
              <Badge tone="warning">{t('alerts.card.paused')}</Badge>
            ) : (
              <Badge tone="success">{t('alerts.card.on')}</Badge>
            )}
            {alert.mailOff && <Badge>{t('alerts.card.noMail')}</Badge>}
            <span>{t('alerts.card.saved', { when: format.relative(alert.createdAt) })}</span>
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          <span className="whitespace-nowrap">{t('alerts.card.howOften')}</span>
          <Select
            name="frequency"
            className="h-9 w-auto"
            value={alert.frequency}
            disabled={update.isPending}
            onChange={(event) =>
              void change({ frequency: event.target.value as AlertFrequency }, 'alerts.card.frequencyChanged')
            }
          >
            {ALERT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {t(FREQUENCY_LABELS[frequency])}
              </option>
            ))}
          </Select>
        </label>
      </div>

      <div className="mt-4">
        <h3 className="text-sm font-semibold text-ink-800">{t('alerts.card.lastMatches')}</h3>
        {alert.lastMatches.length === 0 ? (
          <p className="mt-1 text-sm text-ink-500">{t('alerts.card.noMatch')}</p>
        ) : (
          <ul className="mt-1 divide-y divide-ink-100 text-sm">
            {alert.lastMatches.map((match) => (
              <li key={`${match.productId}-${match.matchedAt}`} className="flex flex-wrap justify-between gap-2 py-1.5">
                <Link
                  to={localePath(paths.product(match.productId))}
                  className="font-medium text-brand-700 hover:underline"
                >
                  <UserText>{match.productName}</UserText>
                </Link>
                <span className="text-ink-600">
                  {format.price(match.price)} · {format.relative(match.matchedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink variant="secondary" size="sm" to={`${localePath(paths.search)}?${alert.search}`}>
          {t('alerts.card.edit')}
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          loading={update.isPending}
          onClick={() =>
            void change({ paused: !alert.paused }, alert.paused ? 'alerts.card.resumed' : 'alerts.card.pausedDone')
          }
        >
          {t(alert.paused ? 'alerts.card.resume' : 'alerts.card.pause')}
        </Button>
        <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => void onDelete()}>
          {t('alerts.card.delete')}
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/alerts: the user's saved searches. */
export function MyAlerts() {
  const { data, isPending, error } = useAlerts();
  const t = useT();
  const { localePath } = useLocale();
  return (
    <div>
      <PageHeader
        title={t('alerts.list.title')}
        description={data ? t('alerts.list.descriptionMax', { max: data.max }) : t('alerts.list.description')}
      />
      {error ? (
        <EmptyState tone="error" title={t('alerts.list.loadError')} description={error.message} />
      ) : isPending ? (
        <ListSpinner label={t('alerts.list.loading')} />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('alerts.list.empty')}
          description={t('alerts.list.emptyText')}
          action={<ButtonLink to={localePath(paths.search)}>{t('alerts.list.search')}</ButtonLink>}
        />
      ) : (
        <ul className="space-y-4">
          {data.items.map((alert) => (
            <AlertCard key={alert._id} alert={alert} />
          ))}
        </ul>
      )}
    </div>
  );
}
