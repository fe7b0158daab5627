import { toast } from '#client/components/toast';
import { reviewReplySchema } from '#shared/reviews';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useT } from '#client/i18n';
import { useReplyToReview } from './api/reviews';
import { ReviewTextField } from './ReviewTextField';

/** The reviewed person's one public reply. */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const form = useSchemaForm(reviewReplySchema, { reply: '' });
  const reply = useReplyToReview();
  const t = useT();
  const onSubmit = form.submitWith(async ({ reply: text }) => {
    await reply.mutateAsync({ id: reviewId, reply: text });
    toast.success(t('reviews.reply.published'));
  });
  return (
    <SchemaFormBody form={form} onSubmit={onSubmit} submitText={t('reviews.reply.submit')}>
      <ReviewTextField form={form} name="reply" label={t('reviews.reply.label')} hint="reviews.reply.hint" />
    </SchemaFormBody>
  );
}
