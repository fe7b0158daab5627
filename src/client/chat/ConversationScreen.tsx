import { QueryFallback } from '#client/components/QueryFallback';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '#client/components/toast';
import { Link, useParams } from 'react-router';
import {
  CHAT_MESSAGE_MAX,
  chatMessageRequestSchema,
  DELETED_ACCOUNT,
  type ChatMessage,
  type ChatMessageRequest,
  type ChatSide,
  type Conversation,
  type ConversationDetails,
} from '#shared/chat';
import { paths } from '#shared/paths';
import { newClientId, useBlock, useConversation, useMarkRead, useMessages, useSendMessage } from './api/chat';
import { useMoveBooking } from '#client/deal/api/deal';
import { ApiError } from '#client/api/http';
import { BookingStatusBadge } from '#client/deal/BookingStatusBadge';
import { Button, ButtonLink } from '#client/components/Button';
import { cx } from '#client/components/cx';
import { Msg, translateMessage, useFormat, useLocale, useT, type MessageId } from '#client/i18n';
import { UserText } from '#client/components/UserText';
import { MessagePhotos, PhotoPicker, usePhotoPicker } from './ChatPhotos';
import { OfferPanel } from './OfferPanel';
import { useChatLineText } from './ChatLineText';
import { PhoneStatusBadge } from './PhoneStatusBadge';
import { ReportConversationButton } from '#client/moderation/ReportConversationButton';

const COMPOSER_ID = 'chat-composer';
const COMPOSER_ERROR_ID = 'chat-composer-error';

/** The phone the conversation is about, as it is now, and what each side can do about it. */
function PhoneCard({ conversation }: { conversation: ConversationDetails }) {
  const { productId, side, status } = conversation;
  const format = useFormat();
  const { localePath } = useLocale();
  const buying = side === 'buying';
  const otherPhone = conversation.phones && (buying ? conversation.phones.seller : conversation.phones.buyer);
  const name = productId ? (
    <Link to={localePath(paths.product(productId))} className="hover:text-brand-700 hover:underline">
      {conversation.productName}
    </Link>
  ) : (
    conversation.productName
  );
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-card sm:p-4">
      <img src={conversation.productImg} alt="" className="size-16 shrink-0 rounded-control object-cover" />
      <div className="flex min-w-[12rem] flex-1 flex-col gap-1">
        <h1 className="truncate text-lg font-bold text-ink-900" translate="no" data-user-text>
          {name}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-brand-700 tabular-nums">{format.price(conversation.price)}</span>
          <PhoneStatusBadge status={status} />
          {conversation.booking?.agreedPrice != null && (
            <span className="font-semibold text-emerald-800 tabular-nums">
              <Msg id="chat.phone.agreedPrice" values={{ price: format.price(conversation.booking.agreedPrice) }} />
            </span>
          )}
          <span className="text-ink-600">
            <Msg
              id={buying ? 'chat.phone.seller' : 'chat.phone.buyer'}
              values={{ name: <UserText>{conversation.otherName}</UserText> }}
            />
          </span>
        </p>
        {otherPhone && (
          <p className="text-sm text-ink-700">
            <Msg
              id={buying ? 'chat.phone.sellerNumber' : 'chat.phone.buyerNumber'}
              values={{
                number: (
                  <a
                    href={`tel:${otherPhone.replace(/[^\d+]/g, '')}`}
                    className="font-semibold text-brand-700 hover:underline"
                    translate="no"
                    data-user-text
                  >
                    {otherPhone}
                  </a>
                ),
              }}
            />
          </p>
        )}
      </div>
      <DealActions conversation={conversation} />
    </div>
  );
}

const MOVE_DONE = {
  accept: 'chat.deal.acceptDone',
  decline: 'chat.deal.declineDone',
  sold: 'chat.deal.soldDone',
} as const satisfies Record<string, MessageId>;

/** The deal's next step from here: Book Now for the buyer; Accept, Decline or Mark sold for the seller. */
function DealActions({ conversation }: { conversation: ConversationDetails }) {
  const move = useMoveBooking();
  const t = useT();
  const { localePath } = useLocale();
  const { productId, side, status, booking } = conversation;
  const run = (next: keyof typeof MOVE_DONE) => {
    if (!booking) return;
    move.mutate(
      { id: booking._id, move: next },
      { onSuccess: () => toast.success(t(MOVE_DONE[next])), onError: (failure) => toast.error(failure.message) },
    );
  };
  const open = booking && (booking.status === 'requested' || booking.status === 'accepted');
  if (side === 'buying') {
    if (open) return <BookingStatusBadge status={booking.status} reason={null} side="buyer" />;
    return productId && status === 'Available' ? (
      <ButtonLink to={localePath(paths.product(productId))} size="sm">
        {t('chat.deal.bookNow')}
      </ButtonLink>
    ) : null;
  }
  if (booking?.status === 'requested') {
    return (
      <div className="flex gap-2">
        <Button size="sm" loading={move.isPending && move.variables.move === 'accept'} onClick={() => run('accept')}>
          {t('chat.deal.accept')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={move.isPending && move.variables.move === 'decline'}
          onClick={() => run('decline')}
        >
          {t('chat.deal.decline')}
        </Button>
      </div>
    );
  }
  if (booking?.status === 'accepted') {
    return (
      <Button size="sm" loading={move.isPending} onClick={() => run('sold')}>
        {t('chat.deal.markSold')}
      </Button>
    );
  }
  return booking ? <BookingStatusBadge status={booking.status} reason={null} side="seller" /> : null;
}

const dayKey = (iso: string) => new Date(iso).toLocaleDateString('en-CA');

/** "Today", "Yesterday", else the weekday and date, over the day's first message. */
function useDayLabel() {
  const t = useT();
  return (iso: string, now = new Date()): string => {
    const key = dayKey(iso);
    if (key === dayKey(now.toISOString())) return t('chat.messages.today');
    if (key === dayKey(new Date(now.getTime() - 86_400_000).toISOString())) return t('chat.messages.yesterday');
    return t('chat.messages.day', { day: new Date(iso) });
  };
}

function Bubble({ message, seen }: { message: ChatMessage; seen: boolean }) {
  const t = useT();
  const lineText = useChatLineText();
  if (message.kind === 'system') {
    return (
      <li className="mx-auto max-w-md rounded-control bg-ink-100 px-3 py-1.5 text-center text-xs text-ink-700">
        {message.line ? lineText(message.line) : message.text}
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
      <span className="sr-only">{t(message.mine ? 'chat.messages.you' : 'chat.messages.they')}</span>
      <MessagePhotos photos={message.photos} mine={message.mine} />
      {message.text && (
        <p
          className={cx(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
            message.mine
              ? 'rounded-br-sm bg-brand-600 text-white'
              : 'rounded-bl-sm border border-ink-200 bg-white text-ink-900',
          )}
          translate="no"
          data-user-text
        >
          {message.text}
        </p>
      )}
      <span className="text-xs text-ink-500">
        <time dateTime={message.sentAt}>{t('chat.messages.time', { at: new Date(message.sentAt) })}</time>
        {seen && <span className="ml-2 font-medium text-ink-600">{t('chat.messages.seen')}</span>}
      </span>
    </li>
  );
}

function MessageList({ id, conversation }: { id: string; conversation: Conversation }) {
  const messages = useMessages(id);
  const t = useT();
  const dayLabel = useDayLabel();
  const bottom = useRef<HTMLDivElement>(null);
  const rows = messages.data?.rows ?? [];
  const newest = rows[0]?._id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  if (messages.isPending || messages.isError) {
    return (
      <QueryFallback
        query={messages}
        texts="chat.messages"
        action={
          <Button variant="secondary" onClick={() => void messages.refetch()}>
            {t('chat.messages.retry')}
          </Button>
        }
        spinnerMargin="my-10"
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
      aria-label={t('chat.messages.label')}
    >
      {messages.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="self-center"
          loading={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
        >
          {t('chat.messages.loadEarlier')}
        </Button>
      )}
      {oldestFirst.length === 0 && (
        <p className="my-auto text-center text-sm text-ink-500">
          {t(conversation.side === 'buying' ? 'chat.messages.askSeller' : 'chat.messages.none')}
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
async function confirmNumber(t: ReturnType<typeof useT>): Promise<boolean> {
  const { confirmAction } = await import('#client/components/dialogs');
  return confirmAction({
    title: t('chat.number.title'),
    text: t('chat.number.text'),
    confirmText: t('chat.number.confirm'),
    cancelText: t('chat.number.cancel'),
  });
}

/** The quick replies each side can drop into the composer, in the reader's language. */
const QUICK_REPLIES: Record<ChatSide, readonly MessageId[]> = {
  buying: ['chat.quickReply.negotiable', 'chat.quickReply.battery', 'chat.quickReply.whereMeet'],
  selling: ['chat.quickReply.fixed', 'chat.quickReply.aLittle', 'chat.quickReply.meetAt'],
};

const accountLink = (chunks: ReactNode) => (
  <Link to={paths.account} className="font-semibold text-brand-700 hover:underline">
    {chunks}
  </Link>
);

function Composer({ id, conversation }: { id: string; conversation: ConversationDetails }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const send = useSendMessage(id);
  const picker = usePhotoPicker();
  const mustWait = conversation.side === 'selling' && conversation.lastMessageAt === null;

  const deliver = (message: ChatMessageRequest) =>
    send.mutate(message, {
      onSuccess: () => {
        setText('');
        picker.clear();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'CONFIRM_NEEDED') {
          void confirmNumber(t).then((yes) => {
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
    const photos = picker.photos.map((photo) => photo.url);
    const parsed = chatMessageRequestSchema.safeParse({ clientId: newClientId(), text, photos });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((each) => each.path[0] === 'text');
      setError(issue ? translateMessage(t, issue.message) : t('chat.composer.checkMessage'));
      return;
    }
    setError(null);
    deliver(parsed.data);
  };

  if (conversation.closed) {
    return (
      <p className="rounded-control border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-700">
        {conversation.blockedByMe ? (
          <Msg
            id="chat.composer.blocked"
            values={{ name: <UserText>{conversation.otherName}</UserText>, link: accountLink }}
          />
        ) : (
          t('chat.composer.closed')
        )}
      </p>
    );
  }
  if (mustWait) return <p className="text-sm text-ink-500">{t('chat.composer.buyerFirst')}</p>;

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <div className="flex flex-wrap gap-2" aria-label={t('chat.composer.quickReplies')} role="group">
        {QUICK_REPLIES[conversation.side].map((reply) => (
          <button
            key={reply}
            type="button"
            onClick={() => setText(t(reply))}
            className="rounded-full bg-white px-3 py-1 text-sm text-ink-700 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-300"
          >
            {t(reply)}
          </button>
        ))}
      </div>
      <label htmlFor={COMPOSER_ID} className="sr-only">
        {t('chat.composer.label')}
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
          placeholder={t('chat.composer.placeholder')}
          aria-invalid={error !== null}
          aria-describedby={error ? COMPOSER_ERROR_ID : undefined}
          className="min-h-11 flex-1 resize-y rounded-control border border-ink-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="submit" loading={send.isPending} disabled={picker.uploading > 0}>
          {t('chat.composer.send')}
        </Button>
      </div>
      <PhotoPicker picker={picker} />
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
  const t = useT();
  const ask = async () => {
    const { confirmAction } = await import('#client/components/dialogs');
    const confirmed = await confirmAction({
      title: t('chat.block.title', { name }),
      text: t('chat.block.text'),
      confirmText: t('chat.block.confirm'),
    });
    if (!confirmed) return;
    block.mutate(undefined, {
      onSuccess: () => toast.success(t('chat.block.done', { name })),
      onError: (failure) => toast.error(failure.message),
    });
  };
  return (
    <Button variant="ghost" size="sm" loading={block.isPending} onClick={() => void ask()} className="text-red-700">
      {t('chat.block.button')}
    </Button>
  );
}

/** One conversation: the phone on top, the messages, and the composer. */
export function ConversationScreen() {
  const id = useParams().id ?? '';
  const conversation = useConversation(id);
  const markRead = useMarkRead(id);
  const t = useT();
  const unread = conversation.data?.unread ?? false;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate();
  }, [unread, mutate]);

  if (conversation.isPending || conversation.isError) {
    return <QueryFallback query={conversation} texts="chat.conversation" backTo={paths.inbox} />;
  }
  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <Link to={paths.inbox} className="text-sm font-medium text-brand-700 hover:underline">
          {t('chat.conversation.inboxLink')}
        </Link>
        {conversation.data.otherName !== DELETED_ACCOUNT && (
          <div className="flex items-center gap-1">
            <ReportConversationButton conversationId={id} name={conversation.data.otherName} />
            {!conversation.data.blockedByMe && <BlockButton id={id} name={conversation.data.otherName} />}
          </div>
        )}
      </div>
      <PhoneCard conversation={conversation.data} />
      <OfferPanel conversation={conversation.data} />
      <MessageList id={id} conversation={conversation.data} />
      <Composer id={id} conversation={conversation.data} />
    </section>
  );
}
