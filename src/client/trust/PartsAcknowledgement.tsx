import type { UseFormRegisterReturn } from 'react-hook-form';
import { Msg, useErrorText } from '#client/i18n';

/**
 * For a phone graded For parts, in the booking and offer dialogs: what it is, and the tick that says
 * the buyer knows (the server refuses the request without it).
 */
export function PartsAcknowledgement({
  field,
  error,
  className,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  className?: string;
}) {
  const errorText = useErrorText();
  return (
    <div className={`flex flex-col gap-2 ${className ?? ''}`}>
      <p className="rounded-control bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
        <Msg id="trust.parts.notice" />
      </p>
      <label className="flex items-start gap-2 text-sm text-ink-800">
        <input type="checkbox" className="mt-0.5 accent-brand-600" aria-invalid={error ? true : undefined} {...field} />
        <span>
          <Msg id="trust.parts.acknowledgement" />
        </span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
