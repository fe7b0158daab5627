import { toast } from '#client/components/toast';
import { MAX_REVIEW_TEXT, reviewReplySchema } from '#shared/reviews';
import { FormField, Textarea } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useT } from '#client/i18n';
import { useReplyToReview } from './api/reviews';

/** The reviewed person's one public reply. */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const form = useSchemaForm(reviewReplySchema, { reply: '' });
  const reply = useReplyToReview();
  const t = useT();
  const error = form.formState.errors.reply?.message;
  const onSubmit = form.submitWith(async ({ reply: text }) => {
    await reply.mutateAsync({ id: reviewId, reply: text });
    toast.success(t('reviews.reply.published'));
  });
  return (
    <SchemaFormBody form={form} onSubmit={onSubmit} submitText={t('reviews.reply.submit')}>
      <FormField
        label={t('reviews.reply.label')}
        error={error}
        hint={t('reviews.reply.hint', { max: MAX_REVIEW_TEXT })}
      >
        <Textarea rows={3} maxLength={MAX_REVIEW_TEXT + 50} {...form.register('reply')} />
      </FormField>
    </SchemaFormBody>
  );
}
