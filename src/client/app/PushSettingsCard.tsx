import { KindSwitches } from '#client/components/KindSwitches';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '#client/components/toast';
import { Button } from '#client/components/Button';
import { QueryContent } from '#client/components/QueryContent';
import { SettingsCard } from '#client/components/SettingsCard';
import { invalidatePushSettings, usePushSettings, useUpdatePushSettings } from './api/push';
import { canPush, currentSubscription, turnOffPush, turnOnPush } from './pushDevice';
import { Msg, useErrorText, useT } from '#client/i18n';

/**
 * Push notifications in Account settings, next to the mail switches (docs/app.md): this device on
 * or off (the browser asks for its permission only after "Turn on"), and which kinds push.
 */
export function PushSettingsCard() {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    void currentSubscription()
      .catch(() => null)
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);
  const settings = usePushSettings(endpoint ?? undefined);
  const update = useUpdatePushSettings();

  return (
    <SettingsCard id="push-settings" texts="app.push">
      <QueryContent query={settings} waiting={endpoint === undefined}>
        {({ thisDevice, kinds }) => (
          <div className="space-y-5">
            <ThisDevice on={thisDevice} onChange={setEndpoint} />
            {/* The server names each kind in the request's language. */}
            <KindSwitches
              legend="app.push.kindsLegend"
              kinds={kinds.map(({ kind, push }) => ({ kind, on: push }))}
              label={(kind) => `shared.push.kind.${kind}`}
              update={update}
            />
          </div>
        )}
      </QueryContent>
    </SettingsCard>
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
