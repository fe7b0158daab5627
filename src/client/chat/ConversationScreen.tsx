import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import {
  CHAT_MESSAGE_MAX,
  chatMessageRequestSchema,
  CONVERSATION_CLOSED,
  DELETED_ACCOUNT,
  QUICK_REPLIES,
  type ChatMessage,
  type ChatMessageRequest,
  type Conversation,
  type ConversationDetails,
} from '#shared/chat';
import { NUMBER_WARNING } from '#shared/chat-safety';
import { paths } from '#shared/paths';
import { newClientId, useBlock, useConversation, useMarkRead, useMessages, useSendMessage } from './api/chat';
import { useMoveBooking } from '#client/deal/api/deal';
import { ApiError } from '#client/api/http';
import { BookingStatusBadge } from '#client/deal/BookingStatusBadge';
import { Button, ButtonLink } from '#client/components/Button';
import { cx } from '#client/components/cx';
import { EmptyState } from '#client/components/EmptyState';
import { formatTk } from '#client/components/formatTk';
import { Spinner } from '#client/components/Spinner';
import { PhoneStatusBadge } from './PhoneStatusBadge';

const COMPOSER_ID = 'chat-composer';
const COMPOSER_ERROR_ID = 'chat-composer-error';

/** The phone the conversation is about, as it is now, and what each side can do about it. */
function PhoneCard({ conversation }: { conversation: ConversationDetails }) {
  const { productId, side, status } = conversation;
  const name = productId ? (
    <Link to={paths.product(productId)} className="hover:text-brand-700 hover:underline">
      {conversation.productName}
    </Link>
  ) : (
    conversation.productName
  );
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-card sm:p-4">
      <img src={conversation.productImg} alt="" className="size-16 shrink-0 rounded-control object-cover" />
      <div className="flex min-w-[12rem] flex-1 flex-col gap-1">
        <h1 className="truncate text-lg font-bold text-ink-900">{name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-brand-700 tabular-nums">{formatTk(conversation.price)}</span>
          <PhoneStatusBadge status={status} />
          <span className="text-ink-600">
            {side === 'buying' ? 'Seller' : 'Buyer'}: {conversation.otherName}
          </span>
        </p>
        {conversation.phones && (
          <p className="text-sm text-ink-700">
            Booking accepted. {side === 'buying' ? 'Seller' : 'Buyer'}&apos;s number:{' '}
            <a
              href={`tel:${(side === 'buying' ? conversation.phones.seller : conversation.phones.buyer).replace(/[^\d+]/g, '')}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {side === 'buying' ? conversation.phones.seller : conversation.phones.buyer}
            </a>
          </p>
        )}
      </div>
      <DealActions conversation={conversation} />
    </div>
  );
}

const MOVE_DONE = {
  accept: 'Accepted: the phone is reserved for this buyer.',
  decline: 'Declined. The buyer has been told.',
  sold: 'Marked as sold to this buyer.',
} as const;

/** The deal's next step from here: Book Now for the buyer; Accept, Decline or Mark sold for the seller. */
function DealActions({ conversation }: { conversation: ConversationDetails }) {
  const move = useMoveBooking();
  const { productId, side, status, booking } = conversation;
  const run = (next: keyof typeof MOVE_DONE) => {
    if (!booking) return;
    move.mutate(
      { id: booking._id, move: next },
      { onSuccess: () => toast.success(MOVE_DONE[next]), onError: (failure) => toast.error(failure.message) },
    );
  };
  const open = booking && (booking.status === 'requested' || booking.status === 'accepted');
  if (side === 'buying') {
    if (open) return <BookingStatusBadge status={booking.status} reason={null} side="buyer" />;
    return productId && status === 'Available' ? (
      <ButtonLink to={paths.product(productId)} size="sm">
        Book Now
      </ButtonLink>
    ) : null;
  }
  if (booking?.status === 'requested') {
    return (
      <div className="flex gap-2">
        <Button size="sm" loading={move.isPending && move.variables.move === 'accept'} onClick={() => run('accept')}>
          Accept
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={move.isPending && move.variables.move === 'decline'}
          onClick={() => run('decline')}
        >
          Decline
        </Button>
      </div>
    );
  }
  if (booking?.status === 'accepted') {
    return (
      <Button size="sm" loading={move.isPending} onClick={() => run('sold')}>
        Mark sold
      </Button>
    );
  }
  return booking ? <BookingStatusBadge status={booking.status} reason={null} side="seller" /> : null;
}

const dayKey = (iso: string) => new Date(iso).toLocaleDateString('en-CA');

function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  if (key === dayKey(new Date(now.getTime() - 86_400_000).toISOString())) return 'Yesterday';
  return new Date(iso).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

function Bubble({ message, seen }: { message: ChatMessage; seen: boolean }) {
  if (message.kind === 'system') {
    return (
      <li className="mx-auto max-w-md rounded-control bg-ink-100 px-3 py-1.5 text-center text-xs text-ink-700">
        {message.text}
      </li>
    );
  }
  return (
    <li
      className={cx(
        'flex max-w-[85%] flex-col gap-0.5 sm:max-w-[70%]',
        message.mine ? 'self-end items-end' : 'items-start',
      )}
    >
      <span className="sr-only">{message.mine ? 'You:' : 'They:'}</span>
      <p
        className={cx(
          'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
          message.mine
            ? 'rounded-br-sm bg-brand-600 text-white'
            : 'rounded-bl-sm border border-ink-200 bg-white text-ink-900',
        )}
      >
        {message.text}
      </p>
      <span className="text-xs text-ink-500">
        <time dateTime={message.sentAt}>{timeOf(message.sentAt)}</time>
        {seen && <span className="ml-2 font-medium text-ink-600">Seen</span>}
      </span>
    </li>
  );
}

function MessageList({ id, conversation }: { id: string; conversation: Conversation }) {
  const messages = useMessages(id);
  const bottom = useRef<HTMLDivElement>(null);
  const rows = messages.data?.rows ?? [];
  const newest = rows[0]?._id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  if (messages.isPending) return <Spinner label="Loading messages" className="mx-auto my-10 text-brand-600" />;
  if (messages.isError) {
    return (
      <EmptyState
        tone="error"
        title="Could not load the messages"
        description={messages.error.message}
        action={
          <Button variant="secondary" onClick={() => void messages.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const oldestFirst = [...rows].reverse();
  const lastMine = rows.find((message) => message.mine && message.kind === 'text');
  const seenAt = conversation.otherReadAt;

  return (
    <div
      className="flex max-h-[60vh] min-h-48 flex-col overflow-y-auto rounded-card border border-ink-200 bg-ink-50 p-3 sm:p-4"
      tabIndex={0}
      aria-label="Messages"
    >
      {messages.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="self-center"
          loading={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
        >
          Load earlier messages
        </Button>
      )}
      {oldestFirst.length === 0 && (
        <p className="my-auto text-center text-sm text-ink-500">
          {conversation.side === 'buying' ? 'Ask the seller anything about this phone.' : 'No messages yet.'}
        </p>
      )}
      <ol className="flex flex-col gap-2" aria-live="polite">
        {oldestFirst.map((message, index) => {
          const newDay = index === 0 || dayKey(oldestFirst[index - 1]!.sentAt) !== dayKey(message.sentAt);
          return (
            <DayAndBubble
              key={message._id}
              message={message}
              day={newDay ? dayLabel(message.sentAt) : null}
              seen={message === lastMine && seenAt !== null && seenAt >= message.sentAt}
            />
          );
        })}
      </ol>
      <div ref={bottom} />
    </div>
  );
}

function DayAndBubble({ message, day, seen }: { message: ChatMessage; day: string | null; seen: boolean }) {
  return (
    <>
      {day && (
        <li className="my-2 flex items-center gap-3 text-xs font-semibold text-ink-500">
          <span className="h-px flex-1 bg-ink-200" />
          {day}
          <span className="h-px flex-1 bg-ink-200" />
        </li>
      )}
      <Bubble message={message} seen={seen} />
    </>
  );
}

/** Asks whether to send a mobile number before the deal; the dialog code loads on first need. */
async function confirmNumber(): Promise<boolean> {
  const { confirmAction } = await import('#client/components/dialogs');
  return confirmAction({
    title: NUMBER_WARNING,
    text: "Scammers ask to move to a phone call or to bKash before a deal. Once the seller accepts your booking, you both see each other's number here anyway. Send the number now?",
    confirmText: 'Send anyway',
    cancelText: 'Edit message',
  });
}

function Composer({ id, conversation }: { id: string; conversation: ConversationDetails }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(id);
  const mustWait = conversation.side === 'selling' && conversation.lastMessageAt === null;

  const deliver = (message: ChatMessageRequest) =>
    send.mutate(message, {
      onSuccess: () => setText(''),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'CONFIRM_NEEDED') {
          void confirmNumber().then((yes) => {
            if (yes) deliver({ ...message, confirmNumber: true });
          });
        } else if (failure instanceof ApiError && failure.fields.text) {
          setError(failure.message);
        } else {
          toast.error(failure.message);
        }
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = chatMessageRequestSchema.safeParse({ clientId: newClientId(), text });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'text')?.message ?? 'Check this message');
      return;
    }
    setError(null);
    deliver(parsed.data);
  };

  if (conversation.closed) {
    return (
      <p className="rounded-control border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-700">
        {conversation.blockedByMe ? (
          <>
            You blocked {conversation.otherName}. Unblock them in{' '}
            <Link to={paths.account} className="font-semibold text-brand-700 hover:underline">
              Account settings
            </Link>{' '}
            to write again.
          </>
        ) : (
          CONVERSATION_CLOSED
        )}
      </p>
    );
  }
  if (mustWait) return <p className="text-sm text-ink-500">The buyer writes first: you can answer once they ask.</p>;

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <div className="flex flex-wrap gap-2" aria-label="Quick replies" role="group">
        {QUICK_REPLIES[conversation.side].map((reply) => (
          <button
            key={reply}
            type="button"
            onClick={() => setText(reply)}
            className="rounded-full bg-white px-3 py-1 text-sm text-ink-700 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-300"
          >
            {reply}
          </button>
        ))}
      </div>
      <label htmlFor={COMPOSER_ID} className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={COMPOSER_ID}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder="Write a message"
          aria-invalid={error !== null}
          aria-describedby={error ? COMPOSER_ERROR_ID : undefined}
          className="min-h-11 flex-1 resize-y rounded-control border border-ink-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="submit" loading={send.isPending}>
          Send
        </Button>
      </div>
      {error && (
        <p id={COMPOSER_ERROR_ID} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function BlockButton({ id, name }: { id: string; name: string }) {
  const block = useBlock(id);
  const ask = async () => {
    const { confirmAction } = await import('#client/components/dialogs');
    const confirmed = await confirmAction({
      title: `Block ${name}?`,
      text: 'Neither of you can message or book the other, and their phones leave your lists. You can unblock them in Account settings.',
      confirmText: 'Yes, block',
    });
    if (!confirmed) return;
    block.mutate(undefined, {
      onSuccess: () => toast.success(`${name} is blocked. Unblock them in Account settings.`),
      onError: (failure) => toast.error(failure.message),
    });
  };
  return (
    <Button variant="ghost" size="sm" loading={block.isPending} onClick={() => void ask()} className="text-red-700">
      Block
    </Button>
  );
}

/** One conversation: the phone on top, the messages, and the composer. */
export function ConversationScreen() {
  const id = useParams().id ?? '';
  const conversation = useConversation(id);
  const markRead = useMarkRead(id);
  const unread = conversation.data?.unread ?? false;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate();
  }, [unread, mutate]);

  if (conversation.isPending)
    return <Spinner label="Loading the conversation" className="mx-auto my-16 text-brand-600" />;
  if (conversation.isError) {
    return (
      <EmptyState
        tone="error"
        title="Could not open this conversation"
        description={conversation.error.message}
        action={<ButtonLink to={paths.inbox}>Back to Inbox</ButtonLink>}
      />
    );
  }
  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <Link to={paths.inbox} className="text-sm font-medium text-brand-700 hover:underline">
          ← Inbox
        </Link>
        {!conversation.data.blockedByMe && conversation.data.otherName !== DELETED_ACCOUNT && (
          <BlockButton id={id} name={conversation.data.otherName} />
        )}
      </div>
      <PhoneCard conversation={conversation.data} />
      <MessageList id={id} conversation={conversation.data} />
      <Composer id={id} conversation={conversation.data} />
    </section>
  );
}
