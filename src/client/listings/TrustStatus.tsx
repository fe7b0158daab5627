import { useId, useState } from 'react';
import { toast } from '#client/components/toast';
import type { MyProduct } from '#shared/products';
import type { PhotoState } from '#shared/trust';
import { uploadImage } from '#client/api/uploads';
import { type BadgeTone, MessageBadge } from '#client/components/Badge';
import { buttonClasses } from '#client/components/Button';
import { photoFileProblem } from './productFormSchema';
import { useSendVerificationPhoto } from './api/sellerProducts';
import { Msg, useT, type MessageId } from '#client/i18n';

const PHOTO_BADGES: Record<PhotoState, [BadgeTone, MessageId]> = {
  none: ['neutral', 'listings.photo.none'],
  pending: ['info', 'listings.photo.pending'],
  approved: ['success', 'listings.photo.approved'],
  rejected: ['danger', 'listings.photo.rejected'],
};

/** Under review (and why), or not approved with the admin's reason; nothing for a public listing. */
export function ReviewStatus({ product }: { product: MyProduct }) {
  const review = product.ownTrust.review;
  const t = useT();
  if (!review) return null;
  const why = review.reasons.map((reason) => t(`listings.review.${reason}`)).join('; ');
  return review.state === 'pending' ? (
    <span className="flex max-w-56 flex-col items-start gap-1 @max-4xl:items-end">
      <MessageBadge tone="warning" message="listings.review.pending" />
      <span className="text-xs text-ink-600">
        <Msg id="listings.review.pendingWhy" values={{ why, wait: t('listings.review.wait') }} />
      </span>
    </span>
  ) : (
    <span className="flex max-w-56 flex-col items-start gap-1 @max-4xl:items-end">
      <MessageBadge tone="danger" message="listings.review.rejected" />
      <span className="text-xs text-ink-600">
        <Msg
          id="listings.review.rejectedWhy"
          values={{ reason: review.rejectedFor, admin: (chunks) => <span translate="no">{chunks}</span> }}
        />
      </span>
    </span>
  );
}

/**
 * The listing's verification code and photo: the seller writes the code on paper, photographs it
 * beside the phone with the screen on, and sends the photo, which only the admin sees.
 */
export function VerificationStatus({ product }: { product: MyProduct }) {
  const { verificationCode, photoState, photoRejectedFor } = product.ownTrust;
  const send = useSendVerificationPhoto();
  const [uploading, setUploading] = useState(false);
  const inputId = useId();
  const t = useT();
  const [tone, label] = PHOTO_BADGES[photoState];

  async function sendPhoto(file: File | undefined) {
    if (!file) return;
    const problem = photoFileProblem(file, t);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage({ file });
      await send.mutateAsync({ id: product._id, photo: uploaded.data.url });
      toast.success(t('listings.photo.sent'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('listings.photo.notSent'));
    } finally {
      setUploading(false);
    }
  }

  const badge = <MessageBadge tone={tone} message={label} />;
  if (product.sellStatus) return badge;
  return (
    <span className="flex flex-col items-start gap-1 @max-4xl:items-end">
      <span className="text-xs text-ink-600">
        <Msg
          id="listings.photo.code"
          values={{
            code: verificationCode,
            mono: (chunks) => <strong className="font-mono text-sm tracking-widest text-ink-900">{chunks}</strong>,
          }}
        />
      </span>
      {badge}
      {photoState === 'rejected' && photoRejectedFor && (
        <span className="max-w-56 text-xs text-ink-600" translate="no">
          {photoRejectedFor}
        </span>
      )}
      {photoState !== 'approved' && (
        <>
          <label htmlFor={inputId} className={buttonClasses('secondary', 'sm', 'cursor-pointer')}>
            {t(
              uploading
                ? 'listings.photo.sending'
                : photoState === 'none'
                  ? 'listings.photo.send'
                  : 'listings.photo.new',
            )}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={t('listings.photo.inputLabel', { name: product.productName, code: verificationCode })}
            disabled={uploading}
            onChange={(event) => void sendPhoto(event.target.files?.[0])}
          />
        </>
      )}
    </span>
  );
}
