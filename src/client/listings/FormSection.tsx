import type { ReactNode } from 'react';
import { Msg, type MessageId } from '#client/i18n';

interface FormSectionProps {
  legend: MessageId;
  /** Short fields side by side on wider screens; long ones (photos, checklists) take the full width. */
  layout: 'grid' | 'stack';
  children: ReactNode;
}

/** One part of the listing form: its fields grouped under a legend that screen readers announce with them. */
export function FormSection({ legend, layout, children }: FormSectionProps) {
  return (
    <fieldset className={layout === 'grid' ? 'grid gap-5 sm:grid-cols-2' : 'flex flex-col gap-5'}>
      <legend className="mb-4 text-base font-semibold text-ink-900">
        <Msg id={legend} />
      </legend>
      {children}
    </fieldset>
  );
}
