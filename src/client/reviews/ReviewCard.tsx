import type { ReactNode } from 'react';
import type { Review, StarName } from '#shared/reviews';
import { Avatar } from '#client/components/Avatar';
import { UserText } from '#client/components/UserText';
import { Msg, useFormat, useT } from '#client/i18n';
import { GivenReason } from '#client/moderation/GivenReason';
import { STAR_LABELS } from './starLabels';
import { Stars } from './Stars';

const STAR_NAMES: StarName[] = ['asDescribed', 'communication', 'punctuality', 'paidAsAgreed'];

/** One review: who wrote it about which phone, its stars, its comment and the reply. */
export function ReviewCard({ review, actions }: { review: Review; actions?: ReactNode }) {
  const t = useT();
  const format = useFormat();
  return (
    <article className="min-w-0 rounded-card border border-ink-200 bg-white p-5 shadow-card">
      <header className="flex items-center gap-3">
        <Avatar name={review.authorName} src={review.authorPhoto} className="size-10 text-base" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink-900">
            <UserText>{review.authorName}</UserText>
          </p>
          <p className="truncate text-sm text-ink-500">
            <Msg
              id={review.side === 'buyer' ? 'reviews.card.bought' : 'reviews.card.sold'}
              values={{ product: <UserText>{review.productName}</UserText> }}
            />
            {review.publishedAt ? ` · ${format.relative(review.publishedAt)}` : ''}
          </p>
        </div>
      </header>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {STAR_NAMES.map((name) => {
          const value = review[name];
          return value === null ? null : (
            <div key={name} className="flex items-center justify-between gap-2 sm:flex-col sm:items-start">
              <dt className="text-ink-600">{t(STAR_LABELS[name])}</dt>
              <dd>
                <Stars value={value} />
              </dd>
            </div>
          );
        })}
      </dl>
      {review.comment && (
        <p className="mt-4 text-sm whitespace-pre-line text-ink-800 wrap-anywhere" translate="no" data-user-text>
          {review.comment}
        </p>
      )}
      {review.hiddenReason && (
        <p className="mt-3 rounded-control bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Msg
            id="reviews.card.hidden"
            values={{ reason: <GivenReason given={{ code: review.hiddenReasonCode, note: review.hiddenNote }} /> }}
          />
        </p>
      )}
      {review.reply && (
        <div className="mt-4 border-l-4 border-brand-200 pl-3 text-sm">
          <p className="font-medium text-ink-700">{t('reviews.card.reply')}</p>
          <p className="whitespace-pre-line text-ink-800 wrap-anywhere" translate="no" data-user-text>
            {review.reply}
          </p>
        </div>
      )}
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
