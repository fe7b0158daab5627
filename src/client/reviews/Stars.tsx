import { useId } from 'react';
import { cx } from '#client/components/cx';
import { useErrorText, useT } from '#client/i18n';

const STAR = 'M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z';

function StarIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={cx('size-4', className)}>
      <path d={STAR} className={filled ? 'fill-amber-400' : 'fill-ink-200'} />
    </svg>
  );
}

/** A rating of 1 to 5 as five stars (rounded to whole stars), read out as "4.5 out of 5 stars". */
export function Stars({ value, className }: { value: number; className?: string }) {
  const t = useT();
  return (
    <span
      role="img"
      aria-label={t('reviews.stars.label', { value, max: 5 })}
      className={cx('inline-flex items-center', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={star <= Math.round(value)} />
      ))}
    </span>
  );
}

interface StarsInputProps {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string;
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
export function StarsInput({ label, value, onChange, error }: StarsInputProps) {
  const name = useId();
  const t = useT();
  const errorText = useErrorText();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-ink-800">{label}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="relative cursor-pointer rounded-sm p-0.5 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/40"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              // Invisible but over the star, so a click lands on the radio itself.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
              aria-label={t('reviews.stars.option', { star })}
            />
            <StarIcon filled={value !== undefined && star <= value} className="size-8" />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-600">
          {errorText(error)}
        </p>
      )}
    </fieldset>
  );
}
