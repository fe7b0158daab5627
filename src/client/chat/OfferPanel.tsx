import { useState } from 'react';
import { toast } from '#client/components/toast';
import type { ConversationDetails } from '#shared/chat';
import type { Offer, OfferStatus } from '#shared/offers';
import { Badge, type BadgeTone } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { UserText } from '#client/components/UserText';
import { Msg, useFormat, useT, type MessageId } from '#client/i18n';
import { useMoveOffer, type OfferMove } from './api/offers';
import { CounterDialog, MakeOfferDialog } from './OfferDialog';

const STATUS: Record<OfferStatus, { label: MessageId; tone: BadgeTone }> = {
  open: { label: 'chat.offerStatus.open', tone: 'warning' },
  countered: { label: 'chat.offerStatus.countered', tone: 'info' },
  accepted: { label: 'chat.offerStatus.accepted', tone: 'success' },
  declined: { label: 'chat.offerStatus.declined', tone: 'danger' },
  withdrawn: { label: 'chat.offerStatus.withdrawn', tone: 'neutral' },
  expired: { label: 'chat.offerStatus.expired', tone: 'neutral' },
};

/** Whom an offer waits for, as the caller reads it: "your answer" when it is theirs to give. */
function labelOf(status: OfferStatus, buying: boolean): { label: MessageId; tone: BadgeTone } {
  if (status === 'open' && !buying) return { label: 'chat.offerStatus.yourAnswer', tone: 'warning' };
  if (status === 'countered')
    return { label: buying ? 'chat.offerStatus.counteredYourAnswer' : 'chat.offerStatus.waitingBuyer', tone: 'info' };
  return STATUS[status];
}

type FinalMove = Exclude<OfferMove, 'counter'>;

const DONE: Record<FinalMove, MessageId> = {
  accept: 'chat.offerMove.acceptDone',
  decline: 'chat.offerMove.declineDone',
  withdraw: 'chat.offerMove.withdrawDone',
};

/** Accepting reserves the phone; declining and withdrawing cannot be taken back: each asks first. */
const QUESTIONS: Record<FinalMove, { title: MessageId; confirmText: MessageId; text: MessageId }> = {
  accept: {
    title: 'chat.offerMove.acceptTitle',
    confirmText: 'chat.offerMove.acceptConfirm',
    text: 'chat.offerMove.acceptText',
  },
  decline: {
    title: 'chat.offerMove.declineTitle',
    confirmText: 'chat.offerMove.declineConfirm',
    text: 'chat.offerMove.otherTold',
  },
  withdraw: {
    title: 'chat.offerMove.withdrawTitle',
    confirmText: 'chat.offerMove.withdrawConfirm',
    text: 'chat.offerMove.otherTold',
  },
};

function OfferMoves({ offer, conversation }: { offer: Offer; conversation: ConversationDetails }) {
  const move = useMoveOffer();
  const t = useT();
  const format = useFormat();
  const [countering, setCountering] = useState(false);
  const buying = conversation.side === 'buying';
  const price = offer.status === 'countered' ? offer.counterPrice! : offer.price;
  const run = async (next: FinalMove) => {
    const { confirmAction } = await import('#client/components/dialogs');
    const question = QUESTIONS[next];
    const confirmed = await confirmAction({
      title: t(question.title, { price: format.price(price) }),
      text: t(question.text),
      confirmText: t(question.confirmText),
    });
    if (!confirmed) return;
    move.mutate(
      { id: offer._id, move: next },
      { onSuccess: () => toast.success(t(DONE[next])), onError: (failure) => toast.error(failure.message) },
    );
  };
  const busy = (which: OfferMove) => move.isPending && move.variables.move === which;
  if (conversation.closed) return null;
  if (buying && offer.status === 'open') {
    return (
      <Button size="sm" variant="secondary" loading={busy('withdraw')} onClick={() => void run('withdraw')}>
        {t('chat.offerMove.withdraw')}
      </Button>
    );
  }
  const waitsForMe = (buying && offer.status === 'countered') || (!buying && offer.status === 'open');
  if (!waitsForMe) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" loading={busy('accept')} onClick={() => void run('accept')}>
        {t('chat.offerMove.accept', { price: format.price(price) })}
      </Button>
      {!buying && (
        <Button size="sm" variant="secondary" onClick={() => setCountering(true)}>
          {t('chat.offerMove.counter')}
        </Button>
      )}
      <Button size="sm" variant="secondary" loading={busy('decline')} onClick={() => void run('decline')}>
        {t('chat.offerMove.decline')}
      </Button>
      {!buying && (
        <CounterDialog
          open={countering}
          onClose={() => setCountering(false)}
          asking={conversation.price}
          offerId={offer._id}
        />
      )}
    </div>
  );
}

function OfferSummary({ offer, conversation }: { offer: Offer; conversation: ConversationDetails }) {
  const buying = conversation.side === 'buying';
  const t = useT();
  const format = useFormat();
  const status = labelOf(offer.status, buying);
  const price = (amount: number) => <span className="tabular-nums">{format.price(amount)}</span>;
  return (
    <div className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink-900">
          <Msg
            id={buying ? 'chat.offerPanel.yourOffer' : 'chat.offerPanel.theirOffer'}
            values={{ name: <UserText>{conversation.otherName}</UserText>, price: price(offer.price) }}
          />
        </span>
        <Badge tone={status.tone}>{t(status.label)}</Badge>
      </p>
      {offer.note && (
        <p className="text-ink-600">
          &ldquo;<UserText>{offer.note}</UserText>&rdquo;
        </p>
      )}
      {offer.counterPrice !== null && (
        <p className="text-ink-700">
          <Msg
            id={buying ? 'chat.offerPanel.sellerCounter' : 'chat.offerPanel.yourCounter'}
            values={{
              price: <span className="font-semibold tabular-nums">{format.price(offer.counterPrice)}</span>,
            }}
          />
        </p>
      )}
      {offer.agreedPrice !== null && (
        <p className="font-semibold text-emerald-800">
          {t('chat.offerPanel.agreedPrice', { price: format.price(offer.agreedPrice) })}
        </p>
      )}
      {(offer.status === 'open' || offer.status === 'countered') && (
        <p className="text-xs text-ink-500">
          <Msg
            id="chat.offerPanel.answerBy"
            values={{
              at: new Date(offer.expiresAt),
              time: (chunks) => <time dateTime={offer.expiresAt}>{chunks}</time>,
            }}
          />
        </p>
      )}
    </div>
  );
}

/**
 * The conversation's offer: the newest one with its state and the moves of the side it waits for,
 * and Make an offer for the buyer while they have none open and the phone is available.
 */
export function OfferPanel({ conversation }: { conversation: ConversationDetails }) {
  const [making, setMaking] = useState(false);
  const t = useT();
  const { offer } = conversation;
  const pending = offer?.status === 'open' || offer?.status === 'countered';
  const mayOffer =
    conversation.side === 'buying' && !conversation.closed && !pending && conversation.status === 'Available';
  if (!offer && !mayOffer) return null;
  return (
    <section
      aria-label={t('chat.offerPanel.label')}
      className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-card sm:p-4"
    >
      {offer ? (
        <OfferSummary offer={offer} conversation={conversation} />
      ) : (
        <p className="flex-1 text-sm text-ink-600">{t('chat.offerPanel.invite')}</p>
      )}
      {offer && <OfferMoves offer={offer} conversation={conversation} />}
      {mayOffer && (
        <>
          <Button size="sm" variant={offer ? 'secondary' : 'primary'} onClick={() => setMaking(true)}>
            {t('chat.offerPanel.make')}
          </Button>
          <MakeOfferDialog
            open={making}
            onClose={() => setMaking(false)}
            asking={conversation.price}
            conversationId={conversation._id}
            forParts={conversation.forParts}
          />
        </>
      )}
    </section>
  );
}
