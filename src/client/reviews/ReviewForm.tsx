import toast from 'react-hot-toast';
import { Controller } from 'react-hook-form';
import { MAX_REVIEW_TEXT, STARS_BY_SIDE, reviewFormSchema, starLabels, type ReviewSide } from '#shared/reviews';
import { FormField, Textarea } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useWriteReview } from './api/reviews';
import { StarsInput } from './Stars';

/** The caller's review of the other side: their side's three stars and an optional comment. */
export function ReviewForm({ bookingId, side }: { bookingId: string; side: ReviewSide }) {
  const form = useSchemaForm(reviewFormSchema(side), { comment: '' });
  const write = useWriteReview();
  const onSubmit = form.submitWith(async (review) => {
    const { published } = await write.mutateAsync({ bookingId, review });
    toast.success(published ? 'Thank you! Both reviews are now published.' : 'Thank you! Your review is saved.');
  });
  return (
    <SchemaFormBody form={form} onSubmit={onSubmit} submitText="Submit review">
      {STARS_BY_SIDE[side].map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <StarsInput
              label={starLabels[name]}
              value={typeof field.value === 'number' ? field.value : undefined}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
      <FormField
        label="Comment (optional)"
        error={form.formState.errors.comment?.message}
        hint={`Shown with your stars. Up to ${MAX_REVIEW_TEXT} characters.`}
      >
        <Textarea rows={3} maxLength={MAX_REVIEW_TEXT + 50} {...form.register('comment')} />
      </FormField>
    </SchemaFormBody>
  );
}
