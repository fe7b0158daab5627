import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { MyProduct } from '#shared/products';
import { REVIEW_REASON_TEXTS, REVIEW_WAIT, type PhotoState } from '#shared/trust';
import { uploadImage } from '#client/api/uploads';
import { Badge, type BadgeTone } from '#client/components/Badge';
import { buttonClasses } from '#client/components/Button';
import { photoFileProblem } from './productFormSchema';
import { useSendVerificationPhoto } from './api/sellerProducts';

const PHOTO_BADGES: Record<PhotoState, [BadgeTone, string]> = {
  none: ['neutral', 'No photo yet'],
  pending: ['info', 'Photo sent'],
  approved: ['success', 'Photo verified'],
  rejected: ['danger', 'Photo rejected'],
};

/** Under review (and why), or not approved with the admin's reason; nothing for a public listing. */
export function ReviewStatus({ product }: { product: MyProduct }) {
  const review = product.ownTrust.review;
  if (!review) return null;
  const why = review.reasons.map((reason) => REVIEW_REASON_TEXTS[reason]).join('; ');
  return review.state === 'pending' ? (
    <span className="flex max-w-56 flex-col items-start gap-1 @max-4xl:items-end">
      <Badge tone="warning">Under review</Badge>
      <span className="text-xs text-ink-600">
        {why}. {REVIEW_WAIT}.
      </span>
    </span>
  ) : (
    <span className="flex max-w-56 flex-col items-start gap-1 @max-4xl:items-end">
      <Badge tone="danger">Not approved</Badge>
      <span className="text-xs text-ink-600">{review.rejectedFor}. Edit the listing to send it again.</span>
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
  const [tone, label] = PHOTO_BADGES[photoState];

  async function sendPhoto(file: File | undefined) {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage({ file });
      await send.mutateAsync({ id: product._id, photo: uploaded.data.url });
      toast.success('Photo sent: the admin checks it and the listing shows "Photo verified" once approved.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The photo could not be sent. Please try again.');
    } finally {
      setUploading(false);
    }
  }

  if (product.sellStatus) return <Badge tone={tone}>{label}</Badge>;
  return (
    <span className="flex flex-col items-start gap-1 @max-4xl:items-end">
      <span className="text-xs text-ink-600">
        Code <strong className="font-mono text-sm tracking-widest text-ink-900">{verificationCode}</strong>
      </span>
      <Badge tone={tone}>{label}</Badge>
      {photoState === 'rejected' && photoRejectedFor && (
        <span className="max-w-56 text-xs text-ink-600">{photoRejectedFor}</span>
      )}
      {photoState !== 'approved' && (
        <>
          <label htmlFor={inputId} className={buttonClasses('secondary', 'sm', 'cursor-pointer')}>
            {uploading ? 'Sending…' : photoState === 'none' ? 'Send photo' : 'New photo'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={`Verification photo of ${product.productName}: the phone, screen on, beside the code ${verificationCode} written on paper`}
            disabled={uploading}
            onChange={(event) => void sendPhoto(event.target.files?.[0])}
          />
        </>
      )}
    </span>
  );
}
