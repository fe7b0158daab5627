import type { UseFormRegisterReturn } from 'react-hook-form';
import { Msg, useErrorText } from '#client/i18n';
import { PartsNotice } from './PartsNotice';

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
      <PartsNotice message="trust.parts.notice" />
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
