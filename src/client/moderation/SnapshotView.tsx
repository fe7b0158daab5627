import type { Snapshot } from '#shared/moderation';
import { cx } from '#client/components/cx';
import { FactList, type Fact } from '#client/components/FactList';
import { UserText } from '#client/components/UserText';
import { useFormat, useT, type MessageId } from '#client/i18n';
import { useChatLineText } from '#client/chat/ChatLineText';

type ListingSnapshot = Extract<Snapshot, { type: 'listing' }>;
type Formatters = ReturnType<typeof useFormat>;

const LISTING_FIELDS: Array<[label: MessageId, read: (s: ListingSnapshot, format: Formatters) => string]> = [
  ['moderation.snapshot.name', (s) => s.productName],
  ['moderation.snapshot.brand', (s) => s.brand],
  ['moderation.snapshot.resalePrice', (s, format) => format.price(s.resalePrice)],
  ['moderation.snapshot.originalPrice', (s, format) => format.price(s.originalPrice)],
  ['moderation.snapshot.condition', (s) => s.condition],
  ['moderation.snapshot.location', (s) => s.location],
  ['moderation.snapshot.mobile', (s) => s.sellerMobile],
  ['moderation.snapshot.description', (s) => s.description],
];

/** A reported thing's fields, a label and its value a row. */
const SnapshotFields = ({ fields, untranslated }: { fields: Fact[]; untranslated?: boolean }) => (
  <FactList
    facts={fields}
    className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1"
    valueClassName="break-words"
    untranslated={untranslated}
  />
);

/** A listing's fields and photos; with `compareTo`, the fields that differ from it are marked. */
export function ListingFields({ snapshot, compareTo }: { snapshot: ListingSnapshot; compareTo?: ListingSnapshot }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {snapshot.photos.map((photo, i) => (
          <img
            key={photo}
            src={photo}
            alt={t('moderation.snapshot.photoOf', { index: i + 1, name: snapshot.productName })}
            className="size-20 rounded-control border border-ink-200 object-cover"
          />
        ))}
      </div>
      <SnapshotFields
        fields={LISTING_FIELDS.map(([label, read]) => {
          const changed = compareTo !== undefined && read(compareTo, format) !== read(snapshot, format);
          return [
            t(label),
            <span className={cx(changed && 'font-semibold text-amber-800')}>
              <UserText>{read(snapshot, format)}</UserText>
              {changed && <span className="ml-1 text-xs font-normal">{t('moderation.snapshot.changed')}</span>}
            </span>,
          ];
        })}
      />
    </div>
  );
}

function ConversationSnapshot({ snapshot }: { snapshot: Extract<Snapshot, { type: 'conversation' }> }) {
  const t = useT();
  const format = useFormat();
  const lineText = useChatLineText();
  return (
    <ol
      aria-label={t('moderation.snapshot.messagesAbout', { name: snapshot.productName })}
      className="flex flex-col gap-2"
    >
      {snapshot.messages.map((message) => (
        <li
          key={message._id}
          className={cx(
            'rounded-control border px-3 py-2 text-sm',
            message._id === snapshot.reportedMessageId
              ? 'border-red-300 bg-red-50'
              : message.fromReported
                ? 'border-ink-200 bg-ink-50'
                : 'border-ink-200 bg-white',
          )}
        >
          <p className="text-xs text-ink-500">
            {message.senderName === null ? (
              t('moderation.snapshot.deletedAccount')
            ) : (
              <UserText>{message.senderName}</UserText>
            )}{' '}
            · {format.dateTime(message.sentAt)}
            {message._id === snapshot.reportedMessageId && ` · ${t('moderation.snapshot.reportedMessage')}`}
          </p>
          {message.line ? (
            <p className="break-words">{lineText(message.line)}</p>
          ) : (
            // Snapshots of before hold PhoneHaat's lines as their English text too.
            <UserText className="block break-words whitespace-pre-wrap">{message.text}</UserText>
          )}
        </li>
      ))}
    </ol>
  );
}

function UserSnapshot({ snapshot }: { snapshot: Extract<Snapshot, { type: 'user' }> }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex items-center gap-3 text-sm">
      <img src={snapshot.photoUrl} alt="" className="size-12 rounded-full object-cover" />
      <div>
        <p className="font-semibold">
          <UserText>{snapshot.name}</UserText>
        </p>
        <p className="text-ink-500">
          {t('moderation.snapshot.memberSince', { date: format.date(snapshot.memberSince) })} ·{' '}
          {t('moderation.snapshot.listings', { count: snapshot.listings })}
        </p>
      </div>
    </div>
  );
}

function ReviewSnapshot({ snapshot }: { snapshot: Extract<Snapshot, { type: 'review' }> }) {
  const t = useT();
  const format = useFormat();
  const person = (name: string | null) =>
    name === null ? t('moderation.snapshot.deletedAccount') : <UserText>{name}</UserText>;
  const written = (text: string | null) =>
    text === null ? t('moderation.snapshot.none') : <UserText className="whitespace-pre-wrap">{text}</UserText>;
  const fields: Fact[] = [
    [
      t('moderation.snapshot.writtenBy'),
      <>
        {person(snapshot.authorName)} {t('moderation.snapshot.side', { side: snapshot.side })}
      </>,
    ],
    [t('moderation.snapshot.about'), person(snapshot.subjectName)],
    [t('moderation.snapshot.phone'), <UserText>{snapshot.productName}</UserText>],
    ...snapshot.stars.map(({ name, value }): Fact => [
      t(`reviews.star.${name}`),
      t('moderation.snapshot.starsOf', { value, max: 5 }),
    ]),
    [t('moderation.snapshot.comment'), written(snapshot.comment)],
    [t('moderation.snapshot.reply'), written(snapshot.reply)],
    [
      t('moderation.snapshot.published'),
      snapshot.publishedAt === null ? t('moderation.snapshot.none') : format.date(snapshot.publishedAt),
    ],
  ];
  return <SnapshotFields fields={fields} />;
}

/** The evidence as it was when reported. */
export function SnapshotView({ snapshot }: { snapshot: Snapshot }) {
  switch (snapshot.type) {
    case 'listing':
      return <ListingFields snapshot={snapshot} />;
    case 'conversation':
      return <ConversationSnapshot snapshot={snapshot} />;
    case 'user':
      return <UserSnapshot snapshot={snapshot} />;
    case 'review':
      return <ReviewSnapshot snapshot={snapshot} />;
    case 'other':
      // Fields the server named in English: review cases of before whose fields did not read back (migration 033).
      return <SnapshotFields fields={Object.entries(snapshot.fields)} untranslated />;
  }
}
