import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ALERT_FREQUENCIES, FREQUENCY_LABELS, type Alert, type AlertFrequency } from '#shared/alerts';
import { paths } from '#shared/paths';
import { Badge } from '#client/components/Badge';
import { Button, ButtonLink } from '#client/components/Button';
import { confirmDelete, showDeleted } from '#client/components/confirmDelete';
import { EmptyState } from '#client/components/EmptyState';
import { Select } from '#client/components/FormField';
import { formatTk } from '#client/components/formatTk';
import { formatWhen } from '#client/components/formatWhen';
import { PageHeader } from '#client/components/PageHeader';
import { Spinner } from '#client/components/Spinner';
import { useAlerts, useDeleteAlert, useUpdateAlert } from './api/alerts';

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'Please try again.');

/** One saved search: what it looks for, how often it tells, its last matches, and its actions. */
function AlertCard({ alert }: { alert: Alert }) {
  const update = useUpdateAlert();
  const remove = useDeleteAlert();

  const change = async (changes: { paused?: boolean; frequency?: AlertFrequency }, done: string) => {
    try {
      await update.mutateAsync({ id: alert._id, ...changes });
      toast.success(done);
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
          <h2 className="font-semibold wrap-anywhere text-ink-900">{alert.sentence}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-600">
            {alert.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">On</Badge>}
            {alert.mailOff && <Badge>No mail</Badge>}
            <span>Saved {formatWhen(alert.createdAt)}</span>
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          <span className="whitespace-nowrap">How often</span>
          <Select
            name="frequency"
            className="h-9 w-auto"
            value={alert.frequency}
            disabled={update.isPending}
            onChange={(event) =>
              void change({ frequency: event.target.value as AlertFrequency }, 'How often this alert tells is changed')
            }
          >
            {ALERT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </Select>
        </label>
      </div>

      <div className="mt-4">
        <h3 className="text-sm font-semibold text-ink-800">Last matches</h3>
        {alert.lastMatches.length === 0 ? (
          <p className="mt-1 text-sm text-ink-500">No phone matched yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-ink-100 text-sm">
            {alert.lastMatches.map((match) => (
              <li key={`${match.productId}-${match.matchedAt}`} className="flex flex-wrap justify-between gap-2 py-1.5">
                <Link to={paths.product(match.productId)} className="font-medium text-brand-700 hover:underline">
                  {match.productName}
                </Link>
                <span className="text-ink-600">
                  {formatTk(match.price)} · {formatWhen(match.matchedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink variant="secondary" size="sm" to={`${paths.search}?${alert.search}`}>
          Edit
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          loading={update.isPending}
          onClick={() => void change({ paused: !alert.paused }, alert.paused ? 'Alert resumed' : 'Alert paused')}
        >
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => void onDelete()}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/alerts: the user's saved searches. */
export function MyAlerts() {
  const { data, isPending, error } = useAlerts();
  return (
    <div>
      <PageHeader
        title="My alerts"
        description={`Searches you saved with "Alert me". We tell you of new phones that match, by the bell and by mail.${data ? ` You can keep ${data.max}.` : ''}`}
      />
      {error ? (
        <EmptyState tone="error" title="Your alerts did not load" description={error.message} />
      ) : isPending ? (
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner label="Loading alerts" className="[&_svg]:size-8" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState
          title="No alerts yet"
          description="Search for a phone, then press “Alert me” to hear when one like it is listed."
          action={<ButtonLink to={paths.search}>Search phones</ButtonLink>}
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
