import { toast } from '#client/components/toast';
import { Controller } from 'react-hook-form';
import { STARS_BY_SIDE, reviewFormSchema, type ReviewSide } from '#shared/reviews';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useT } from '#client/i18n';
import { useWriteReview } from './api/reviews';
import { STAR_LABELS } from './starLabels';
import { StarsInput } from './Stars';
import { ReviewTextField } from './ReviewTextField';

/** The caller's review of the other side: their side's three stars and an optional comment. */
export function ReviewForm({ bookingId, side }: { bookingId: string; side: ReviewSide }) {
  const form = useSchemaForm(reviewFormSchema(side), { comment: '' });
  const write = useWriteReview();
  const t = useT();
  const onSubmit = form.submitWith(async (review) => {
    const { published } = await write.mutateAsync({ bookingId, review });
    toast.success(t(published ? 'reviews.form.thanksBoth' : 'reviews.form.thanksSaved'));
  });
  return (
    <SchemaFormBody form={form} onSubmit={onSubmit} submitText={t('reviews.form.submit')}>
      {STARS_BY_SIDE[side].map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <StarsInput
              label={t(STAR_LABELS[name])}
              value={typeof field.value === 'number' ? field.value : undefined}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
      <ReviewTextField form={form} name="comment" label={t('reviews.form.comment')} hint="reviews.form.commentHint" />
    </SchemaFormBody>
  );
}
