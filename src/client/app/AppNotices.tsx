import { useState, type ReactNode } from 'react';
import { toast } from '#client/components/toast';
import { Button } from '#client/components/Button';
import { Modal } from '#client/components/Modal';
import { setOffers, useAppOffers } from './appState';
import { turnOnPush } from './pushDevice';
import { hasUnsavedInput } from './unsavedInput';
import { Msg, useErrorText, useT, type MessageId } from '#client/i18n';

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
  const t = useT();
  return (
    <div role="status" className={notice}>
      <p className="min-w-0 flex-1 text-sm">
        <Msg id="app.update.ready" />
      </p>
      <Button size="sm" onClick={() => (hasUnsavedInput() ? setAsking(true) : reload())}>
        <Msg id="app.update.reload" />
      </Button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t('app.update.askTitle')}
        description={t('app.update.askDescription')}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setAsking(false)}>
            <Msg id="app.update.keepEditing" />
          </Button>
          <Button variant="danger" onClick={reload}>
            <Msg id="app.update.reloadAnyway" />
          </Button>
        </div>
      </Modal>
    </div>
  );
}

interface OfferNoticeProps {
  /** The heading's id, which names the region. */
  id: string;
  title: MessageId;
  lead: MessageId;
  accept: MessageId;
  busy?: boolean;
  onAccept: () => void;
  dismiss: () => void;
  /** A picture before the text, such as the app's icon. */
  picture?: ReactNode;
}

/** An offer the app makes (installing it, notifications): what it is, "Not now", and the offer's own button. */
function OfferNotice({ id, title, lead, accept, busy, onAccept, dismiss, picture }: OfferNoticeProps) {
  return (
    <section aria-labelledby={id} className={notice}>
      {picture}
      <div className="min-w-0 flex-1">
        <h2 id={id} className="text-sm font-semibold">
          <Msg id={title} />
        </h2>
        <p className="text-sm text-ink-600">
          <Msg id={lead} />
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={dismiss}>
          <Msg id="app.offer.notNow" />
        </Button>
        <Button size="sm" loading={busy} onClick={onAccept}>
          <Msg id={accept} />
        </Button>
      </div>
    </section>
  );
}

function InstallNotice({ install, dismiss }: { install: () => Promise<void>; dismiss: () => void }) {
  return (
    <OfferNotice
      id="install-offer"
      title="app.install.title"
      lead="app.install.lead"
      accept="app.install.install"
      onAccept={() => void install()}
      dismiss={dismiss}
      picture={<img src="/icons/icon-192.png" alt="" width={40} height={40} className="rounded-control" />}
    />
  );
}

function PushQuestion({ dismiss }: { dismiss: () => void }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const errorText = useErrorText();
  async function turnOn() {
    setBusy(true);
    try {
      if ((await turnOnPush()) === 'blocked') toast.error(t('app.push.blocked'));
      else toast.success(t('app.push.on'));
      setOffers({ push: undefined });
    } catch (error) {
      toast.error(error instanceof Error ? errorText(error.message) : t('app.push.notTurnedOn'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <OfferNotice
      id="push-offer"
      title="app.offer.pushTitle"
      lead="app.offer.pushLead"
      accept="app.push.turnOn"
      busy={busy}
      onAccept={() => void turnOn()}
      dismiss={dismiss}
    />
  );
}
