import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { useErrorText } from '#client/i18n';
import { cx } from './cx';

interface FieldIds {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

const FieldContext = createContext<FieldIds | null>(null);

interface FormFieldProps {
  label: ReactNode;
  /**
   * The validation or server message, shown under the control and announced with it. A shared
   * schema's message id is shown in the page's language here, so no form translates its own.
   */
  error?: string;
  /** A quiet note under the control when there is no error. */
  hint?: ReactNode;
  /** One `Input`, `Select` or `Textarea`; it picks up the label, error and ids from here. */
  children: ReactNode;
  className?: string;
}

/**
 * A label, one control and the message under it. The control is linked to both through `id`,
 * `aria-invalid` and `aria-describedby`, so a screen reader reads the error with the field.
 */
export function FormField({ label, error: rawError, hint, children, className }: FormFieldProps) {
  const id = useId();
  const errorText = useErrorText();
  const error = rawError ? errorText(rawError) : undefined;
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      <FieldContext.Provider value={{ id, invalid: Boolean(error), describedBy: message ? messageId : undefined }}>
        {children}
      </FieldContext.Provider>
      {message && (
        <p id={messageId} className={cx('text-sm', error ? 'text-red-600' : 'text-ink-500')}>
          {message}
        </p>
      )}
    </div>
  );
}

function useFieldProps(className: string | undefined) {
  const field = useContext(FieldContext);
  return {
    id: field?.id,
    'aria-invalid': field?.invalid || undefined,
    'aria-describedby': field?.describedBy,
    className: cx(
      'w-full rounded-control border bg-white px-3.5 text-base text-ink-900 shadow-xs transition-colors sm:text-sm',
      'placeholder:text-ink-400 focus:outline-none focus-visible:outline-none focus:ring-3',
      'disabled:cursor-not-allowed disabled:bg-ink-100 disabled:text-ink-600',
      field?.invalid
        ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
        : 'border-ink-300 hover:border-ink-400 focus:border-brand-500 focus:ring-brand-500/25',
      className,
    ),
  };
}

/**
 * An input for a number a person types (a price, a year, an IMEI): the phone's digit keyboard, in a
 * text input, since a number input refuses the Bangla digits and the "52,000" the schemas read.
 */
export const DIGITS = { type: 'text', inputMode: 'numeric' } as const;

export function Input({ className, ...props }: ComponentProps<'input'>) {
  const field = useFieldProps(cx('h-11', className));
  return <input {...field} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  const field = useFieldProps(cx('h-11 pr-9', className));
  return <select {...field} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  const field = useFieldProps(cx('min-h-28 py-2.5', className));
  return <textarea {...field} {...props} />;
}

interface SelectChoice {
  value: string | number;
  label: ReactNode;
}

/**
 * A Select that starts on a disabled prompt ("Choose…"): nothing is picked until the person picks,
 * and the form's schema says so if they do not.
 */
export function SelectWithPrompt({
  prompt,
  choices,
  ...props
}: ComponentProps<'select'> & { prompt: ReactNode; choices: ReadonlyArray<SelectChoice> }) {
  return (
    <Select defaultValue="" {...props}>
      <option value="" disabled>
        {prompt}
      </option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}

/** A form-level message, such as the server's refusal, under the fields. */
export function FormError({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cx('rounded-control border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700', className)}
    >
      {message}
    </p>
  );
}
