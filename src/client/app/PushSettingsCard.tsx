import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { Spinner } from '#client/components/Spinner';
import { invalidatePushSettings, usePushSettings, useUpdatePushSettings } from './api/push';
import { canPush, currentSubscription, PUSH_BLOCKED_MESSAGE, turnOffPush, turnOnPush } from './pushDevice';

/**
 * Push notifications in Account settings, next to the mail switches (docs/app.md): this device on
 * or off (the browser asks for its permission only after "Turn on"), and which kinds push.
 */
export function PushSettingsCard({ className }: { className: string }) {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    void currentSubscription()
      .catch(() => null)
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);
  const settings = usePushSettings(endpoint ?? undefined);
  const update = useUpdatePushSettings();

  return (
    <section aria-labelledby="push-settings" className={className}>
      <h2 id="push-settings" className="mb-4 text-lg font-semibold">
        Push notifications
      </h2>
      {settings.isPending || endpoint === undefined ? (
        <Spinner />
      ) : settings.isError ? (
        <FormError message={settings.error.message} />
      ) : (
        <div className="space-y-5">
          <ThisDevice on={settings.data.thisDevice} onChange={setEndpoint} />
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm text-ink-600">Notify my devices when:</legend>
            {settings.data.kinds.map(({ kind, label, push }) => (
              <label key={kind} className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={push}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate(
                      { kinds: { [kind]: event.target.checked } },
                      { onError: (error) => toast.error(error.message) },
                    )
                  }
                />
                {label}
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </section>
  );
}

function ThisDevice({ on, onChange }: { on: boolean; onChange: (endpoint: string | null) => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!canPush()) {
    return <p className="text-sm text-ink-600">This browser cannot show notifications from PhoneHaat.</p>;
  }

  async function change(turnOn: boolean) {
    setBusy(true);
    try {
      if (turnOn) {
        if ((await turnOnPush()) === 'blocked') {
          toast.error(PUSH_BLOCKED_MESSAGE);
          return;
        }
        toast.success('Notifications are on for this device.');
      } else {
        await turnOffPush();
        toast.success('Notifications are off for this device.');
      }
      onChange((await currentSubscription())?.endpoint ?? null);
      await invalidatePushSettings(queryClient);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Notifications could not be changed on this device.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-700">
        {on
          ? 'This device gets a notification when something happens, even with PhoneHaat closed.'
          : 'Get a notification on this device when something happens, even with PhoneHaat closed.'}
      </p>
      <Button size="sm" variant={on ? 'secondary' : 'primary'} loading={busy} onClick={() => void change(!on)}>
        {on ? 'Turn off' : 'Turn on'}
      </Button>
    </div>
  );
}
