import toast from 'react-hot-toast';
import { MAX_REVIEW_TEXT, reviewReplySchema } from '#shared/reviews';
import { FormField, Textarea } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useReplyToReview } from './api/reviews';

/** The reviewed person's one public reply. */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const form = useSchemaForm(reviewReplySchema, { reply: '' });
  const reply = useReplyToReview();
  const onSubmit = form.submitWith(async ({ reply: text }) => {
    await reply.mutateAsync({ id: reviewId, reply: text });
    toast.success('Your reply is published.');
  });
  return (
    <SchemaFormBody form={form} onSubmit={onSubmit} submitText="Reply">
      <FormField
        label="Your reply"
        error={form.formState.errors.reply?.message}
        hint={`Everyone can read it, and you can reply only once. Up to ${MAX_REVIEW_TEXT} characters.`}
      >
        <Textarea rows={3} maxLength={MAX_REVIEW_TEXT + 50} {...form.register('reply')} />
      </FormField>
    </SchemaFormBody>
  );
}
