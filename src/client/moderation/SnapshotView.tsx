import type { Snapshot } from '#shared/moderation';
import { cx } from '#client/components/cx';
import { formatTk } from '#client/components/formatTk';

type ListingSnapshot = Extract<Snapshot, { type: 'listing' }>;

const LISTING_FIELDS: Array<[label: string, read: (s: ListingSnapshot) => string]> = [
  ['Name', (s) => s.productName],
  ['Brand', (s) => s.brand],
  ['Resale price', (s) => formatTk(s.resalePrice)],
  ['Original price', (s) => formatTk(s.originalPrice)],
  ['Condition', (s) => s.condition],
  ['Location', (s) => s.location],
  ['Mobile', (s) => s.sellerMobile],
  ['Description', (s) => s.description],
];

/** A listing's fields and photos; with `compareTo`, the fields that differ from it are marked. */
export function ListingFields({ snapshot, compareTo }: { snapshot: ListingSnapshot; compareTo?: ListingSnapshot }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {snapshot.photos.map((photo, i) => (
          <img
            key={photo}
            src={photo}
            alt={`Photo ${i + 1} of ${snapshot.productName}`}
            className="size-20 rounded-control border border-ink-200 object-cover"
          />
        ))}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {LISTING_FIELDS.map(([label, read]) => {
          const changed = compareTo !== undefined && read(compareTo) !== read(snapshot);
          return (
            <div key={label} className="contents">
              <dt className="text-ink-500">{label}</dt>
              <dd className={cx('break-words', changed && 'font-semibold text-amber-800')}>
                {read(snapshot)}
                {changed && <span className="ml-1 text-xs font-normal">(changed)</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** The evidence as it was when reported. */
export function SnapshotView({ snapshot }: { snapshot: Snapshot }) {
  switch (snapshot.type) {
    case 'listing':
      return <ListingFields snapshot={snapshot} />;
    case 'conversation':
      return (
        <ol aria-label={`Messages about ${snapshot.productName}`} className="flex flex-col gap-2">
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
                {message.senderName} · {new Date(message.sentAt).toLocaleString('en-GB')}
                {message._id === snapshot.reportedMessageId && ' · reported message'}
              </p>
              <p className="break-words whitespace-pre-wrap">{message.text}</p>
            </li>
          ))}
        </ol>
      );
    case 'user':
      return (
        <div className="flex items-center gap-3 text-sm">
          <img src={snapshot.photoUrl} alt="" className="size-12 rounded-full object-cover" />
          <div>
            <p className="font-semibold">{snapshot.name}</p>
            <p className="text-ink-500">
              Member since {new Date(snapshot.memberSince).toLocaleDateString('en-GB')} · {snapshot.listings} listings
            </p>
          </div>
        </div>
      );
    case 'other':
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {Object.entries(snapshot.fields).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ink-500">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      );
  }
}
