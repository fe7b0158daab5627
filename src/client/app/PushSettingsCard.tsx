import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '#client/components/toast';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { Spinner } from '#client/components/Spinner';
import { invalidatePushSettings, usePushSettings, useUpdatePushSettings } from './api/push';
import { canPush, currentSubscription, turnOffPush, turnOnPush } from './pushDevice';
import { Msg, useErrorText, useT } from '#client/i18n';

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
  const errorText = useErrorText();

  return (
    <section aria-labelledby="push-settings" className={className}>
      <h2 id="push-settings" className="mb-4 text-lg font-semibold">
        <Msg id="app.push.title" />
      </h2>
      {settings.isPending || endpoint === undefined ? (
        <Spinner />
      ) : settings.isError ? (
        <FormError message={errorText(settings.error.message)} />
      ) : (
        <div className="space-y-5">
          <ThisDevice on={settings.data.thisDevice} onChange={setEndpoint} />
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm text-ink-600">
              <Msg id="app.push.kindsLegend" />
            </legend>
            {settings.data.kinds.map(({ kind, push }) => (
              <label key={kind} className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={push}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate(
                      { kinds: { [kind]: event.target.checked } },
                      { onError: (error) => toast.error(errorText(error.message)) },
                    )
                  }
                />
                {/* The server names each kind in the request's language. */}
                <Msg id={`shared.push.kind.${kind}`} />
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
  const t = useT();
  const errorText = useErrorText();
  if (!canPush()) {
    return (
      <p className="text-sm text-ink-600">
        <Msg id="app.push.unsupported" />
      </p>
    );
  }

  async function change(turnOn: boolean) {
    setBusy(true);
    try {
      if (turnOn) {
        if ((await turnOnPush()) === 'blocked') {
          toast.error(t('app.push.blocked'));
          return;
        }
        toast.success(t('app.push.on'));
      } else {
        await turnOffPush();
        toast.success(t('app.push.off'));
      }
      onChange((await currentSubscription())?.endpoint ?? null);
      await invalidatePushSettings(queryClient);
    } catch (error) {
      toast.error(error instanceof Error ? errorText(error.message) : t('app.push.notChanged'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-700">
        <Msg id={on ? 'app.push.deviceOn' : 'app.push.deviceOff'} />
      </p>
      <Button size="sm" variant={on ? 'secondary' : 'primary'} loading={busy} onClick={() => void change(!on)}>
        <Msg id={on ? 'app.push.turnOff' : 'app.push.turnOn'} />
      </Button>
    </div>
  );
}
