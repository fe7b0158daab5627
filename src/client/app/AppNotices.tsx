import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '#client/components/Button';
import { Modal } from '#client/components/Modal';
import { setOffers, useAppOffers } from './appState';
import { PUSH_BLOCKED_MESSAGE, turnOnPush } from './pushDevice';
import { hasUnsavedInput } from './unsavedInput';

const notice =
  'fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-raised';

/** The installable app's offers (docs/app.md): a new version to reload into, push notifications, installing the app. */
export function AppNotices() {
  const { update, push, install } = useAppOffers();
  if (update) return <UpdateNotice reload={update.reload} />;
  if (push) return <PushQuestion dismiss={push.dismiss} />;
  if (install) return <InstallNotice {...install} />;
  return null;
}

function UpdateNotice({ reload }: { reload: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div role="status" className={notice}>
      <p className="min-w-0 flex-1 text-sm">A new version of PhoneHaat is ready.</p>
      <Button size="sm" onClick={() => (hasUnsavedInput() ? setAsking(true) : reload())}>
        Reload
      </Button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Reload now?"
        description="A form on this page has input you have not saved yet. Reloading now loses it."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={reload}>
            Reload anyway
          </Button>
        </div>
      </Modal>
    </div>
  );
}

function InstallNotice({ install, dismiss }: { install: () => Promise<void>; dismiss: () => void }) {
  return (
    <section aria-labelledby="install-offer" className={notice}>
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="rounded-control" />
      <div className="min-w-0 flex-1">
        <h2 id="install-offer" className="text-sm font-semibold">
          Install PhoneHaat
        </h2>
        <p className="text-sm text-ink-600">Open it from your home screen like any app.</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Not now
        </Button>
        <Button size="sm" onClick={() => void install()}>
          Install
        </Button>
      </div>
    </section>
  );
}

function PushQuestion({ dismiss }: { dismiss: () => void }) {
  const [busy, setBusy] = useState(false);
  async function turnOn() {
    setBusy(true);
    try {
      if ((await turnOnPush()) === 'blocked') toast.error(PUSH_BLOCKED_MESSAGE);
      else toast.success('Notifications are on for this device.');
      setOffers({ push: undefined });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Notifications could not be turned on.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="push-offer" className={notice}>
      <div className="min-w-0 flex-1">
        <h2 id="push-offer" className="text-sm font-semibold">
          Get a notification when the seller answers?
        </h2>
        <p className="text-sm text-ink-600">On this device, even with PhoneHaat closed.</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Not now
        </Button>
        <Button size="sm" loading={busy} onClick={() => void turnOn()}>
          Turn on
        </Button>
      </div>
    </section>
  );
}
