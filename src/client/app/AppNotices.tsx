import { useState } from 'react';
import { Button } from '#client/components/Button';
import { Modal } from '#client/components/Modal';
import { useAppOffers } from './appState';
import { hasUnsavedInput } from './unsavedInput';

const notice =
  'fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-raised';

/** The installable app's offers (docs/app.md): a new version to reload into, and installing the app. */
export function AppNotices() {
  const { update, install } = useAppOffers();
  if (update) return <UpdateNotice reload={update.reload} />;
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
