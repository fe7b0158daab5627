import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ConversationDetails } from '#shared/chat';
import type { Offer, OfferStatus } from '#shared/offers';
import { Badge, type BadgeTone } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { formatTk } from '#client/components/formatTk';
import { useMoveOffer, type OfferMove } from './api/offers';
import { CounterDialog, MakeOfferDialog } from './OfferDialog';

const STATUS: Record<OfferStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Waiting for the seller', tone: 'warning' },
  countered: { label: 'Countered', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** Whom an offer waits for, as the caller reads it: "your answer" when it is theirs to give. */
function labelOf(status: OfferStatus, buying: boolean) {
  if (status === 'open' && !buying) return { label: 'Waiting for your answer', tone: 'warning' as const };
  if (status === 'countered')
    return { label: buying ? 'Countered: your answer' : 'Waiting for the buyer', tone: 'info' as const };
  return STATUS[status];
}

const DONE: Record<Exclude<OfferMove, 'counter'>, string> = {
  accept: 'Accepted: the phone is reserved at the agreed price.',
  decline: 'Declined. The other side has been told.',
  withdraw: 'Your offer is withdrawn.',
};

/** Accepting reserves the phone; declining and withdrawing cannot be taken back: each asks first. */
const QUESTIONS: Record<Exclude<OfferMove, 'counter'>, (price: number) => { title: string; confirmText: string }> = {
  accept: (price) => ({ title: `Accept ${formatTk(price)}?`, confirmText: 'Yes, accept' }),
  decline: () => ({ title: 'Decline this price?', confirmText: 'Yes, decline' }),
  withdraw: () => ({ title: 'Withdraw your offer?', confirmText: 'Yes, withdraw' }),
};

const answerBy = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

function OfferMoves({ offer, conversation }: { offer: Offer; conversation: ConversationDetails }) {
  const move = useMoveOffer();
  const [countering, setCountering] = useState(false);
  const buying = conversation.side === 'buying';
  const price = offer.status === 'countered' ? offer.counterPrice! : offer.price;
  const run = async (next: Exclude<OfferMove, 'counter'>) => {
    const { confirmAction } = await import('#client/components/dialogs');
    const question = QUESTIONS[next](price);
    const text =
      next === 'accept'
        ? 'The phone is reserved for this deal at this price, as when a booking is accepted.'
        : 'The other side is told.';
    if (!(await confirmAction({ ...question, text }))) return;
    move.mutate(
      { id: offer._id, move: next },
      { onSuccess: () => toast.success(DONE[next]), onError: (failure) => toast.error(failure.message) },
    );
  };
  const busy = (which: OfferMove) => move.isPending && move.variables.move === which;
  if (conversation.closed) return null;
  if (buying && offer.status === 'open') {
    return (
      <Button size="sm" variant="secondary" loading={busy('withdraw')} onClick={() => void run('withdraw')}>
        Withdraw
      </Button>
    );
  }
  const waitsForMe = (buying && offer.status === 'countered') || (!buying && offer.status === 'open');
  if (!waitsForMe) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" loading={busy('accept')} onClick={() => void run('accept')}>
        Accept {formatTk(price)}
      </Button>
      {!buying && (
        <Button size="sm" variant="secondary" onClick={() => setCountering(true)}>
          Counter
        </Button>
      )}
      <Button size="sm" variant="secondary" loading={busy('decline')} onClick={() => void run('decline')}>
        Decline
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
  const status = labelOf(offer.status, buying);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink-900">
          {buying ? 'Your offer' : `${conversation.otherName}'s offer`}:{' '}
          <span className="tabular-nums">{formatTk(offer.price)}</span>
        </span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </p>
      {offer.note && <p className="text-ink-600">&ldquo;{offer.note}&rdquo;</p>}
      {offer.counterPrice !== null && (
        <p className="text-ink-700">
          {buying ? "The seller's counter" : 'Your counter'}:{' '}
          <span className="font-semibold tabular-nums">{formatTk(offer.counterPrice)}</span>
        </p>
      )}
      {offer.agreedPrice !== null && (
        <p className="font-semibold text-emerald-800">Agreed price: {formatTk(offer.agreedPrice)}</p>
      )}
      {(offer.status === 'open' || offer.status === 'countered') && (
        <p className="text-xs text-ink-500">
          Answer by <time dateTime={offer.expiresAt}>{answerBy(offer.expiresAt)}</time>
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
  const { offer } = conversation;
  const pending = offer?.status === 'open' || offer?.status === 'countered';
  const mayOffer =
    conversation.side === 'buying' && !conversation.closed && !pending && conversation.status === 'Available';
  if (!offer && !mayOffer) return null;
  return (
    <section
      aria-label="Offer"
      className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-card sm:p-4"
    >
      {offer ? (
        <OfferSummary offer={offer} conversation={conversation} />
      ) : (
        <p className="flex-1 text-sm text-ink-600">Want a better price? Offer what you would pay.</p>
      )}
      {offer && <OfferMoves offer={offer} conversation={conversation} />}
      {mayOffer && (
        <>
          <Button size="sm" variant={offer ? 'secondary' : 'primary'} onClick={() => setMaking(true)}>
            Make an offer
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
