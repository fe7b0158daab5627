import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CHAT_SIDES, type ChatSide, type Conversation } from '#shared/chat';
import { paths } from '#shared/paths';
import { useInbox } from './api/chat';
import { cx } from '#client/components/cx';
import { PageHeader } from '#client/components/PageHeader';
import { PagedList } from '#client/components/PagedList';
import { useDashboardRoles } from '#client/dashboard/useDashboardRoles';
import { Msg, useFormat, useT, type MessageId } from '#client/i18n';
import { useChatLineText } from './ChatLineText';
import { PhoneStatusBadge } from './PhoneStatusBadge';

const TAB_LABELS: Record<ChatSide, MessageId> = { buying: 'chat.inbox.buying', selling: 'chat.inbox.selling' };

const srOnly = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const { unread } = conversation;
  const format = useFormat();
  const lineText = useChatLineText();
  return (
    <li>
      <Link
        to={paths.conversation(conversation._id)}
        className={cx(
          'flex gap-3 rounded-card border bg-white p-3 shadow-card transition hover:border-brand-300 sm:p-4',
          unread ? 'border-brand-200' : 'border-ink-200',
        )}
      >
        <img
          src={conversation.productImg}
          alt=""
          className="size-16 shrink-0 rounded-control object-cover sm:size-20"
          loading="lazy"
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="truncate font-semibold text-ink-900" translate="no" data-user-text>
              {conversation.productName}
            </span>
            <span className="text-sm font-semibold text-brand-700 tabular-nums">
              {format.price(conversation.price)}
            </span>
            <PhoneStatusBadge status={conversation.status} />
          </span>
          <span className="text-sm text-ink-600" translate="no" data-user-text>
            {conversation.otherName}
          </span>
          {conversation.lastLine ? (
            <span className={cx('truncate text-sm', unread ? 'font-semibold text-ink-900' : 'text-ink-500')}>
              {lineText(conversation.lastLine)}
            </span>
          ) : (
            <span
              className={cx('truncate text-sm', unread ? 'font-semibold text-ink-900' : 'text-ink-500')}
              translate="no"
              data-user-text
            >
              {conversation.lastMessage}
            </span>
          )}
        </span>
        <span className="flex shrink-0 flex-col items-end gap-2 text-xs text-ink-500">
          {conversation.lastMessageAt && (
            <time dateTime={conversation.lastMessageAt}>{format.relative(conversation.lastMessageAt)}</time>
          )}
          {unread && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 font-semibold text-white">
              <Msg id="chat.inbox.new" values={{ sr: srOnly }} />
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function SideList({ side }: { side: ChatSide }) {
  const inbox = useInbox(side);
  const t = useT();
  return (
    <PagedList
      query={inbox}
      noun={t('chat.inbox.noun')}
      showing="chat.inbox.showing"
      emptyTitle={t('chat.inbox.empty')}
      emptyDescription={t(side === 'buying' ? 'chat.inbox.emptyBuying' : 'chat.inbox.emptySelling')}
    >
      {(rows) => (
        <ul className="flex flex-col gap-3">
          {rows.map((conversation) => (
            <ConversationRow key={conversation._id} conversation={conversation} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** The conversations of the signed-in user, as a buyer and as a seller. */
export function Inbox() {
  const t = useT();
  const { roles } = useDashboardRoles();
  const [chosen, setChosen] = useState<ChatSide | null>(null);
  // A seller (who buys too) opens on what buyers ask them; everyone else on their own questions.
  const side = chosen ?? (roles.isSeller ? 'selling' : 'buying');

  return (
    <section>
      <PageHeader texts="chat.inbox" />
      <div role="tablist" aria-label={t('chat.inbox.tabs')} className="mb-4 flex gap-2">
        {CHAT_SIDES.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`inbox-tab-${tab}`}
            aria-selected={side === tab}
            aria-controls="inbox-panel"
            onClick={() => setChosen(tab)}
            className={cx(
              'rounded-full px-4 py-1.5 text-sm font-semibold transition',
              side === tab ? 'bg-brand-600 text-white' : 'bg-white text-ink-700 ring-1 ring-ink-200 hover:bg-ink-50',
            )}
          >
            {t(TAB_LABELS[tab])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="inbox-panel" aria-labelledby={`inbox-tab-${side}`}>
        <SideList key={side} side={side} />
      </div>
    </section>
  );
}
