import type { ReactNode } from 'react';
import { useOptionalT, useT, type MessageId, type TextsWith } from '#client/i18n';
import { cx } from './cx';

/** A prefix whose messages are a card's title (`<prefix>.title`) and, where it has one, the line under it (`.description`). */
export type SettingsCardTexts = TextsWith<'title', 'title'>;

interface SettingsCardProps {
  /** The heading's id: the card is named by its heading for screen readers. */
  id: string;
  /** Its own messages by prefix, as Modal's and InputField's texts. */
  texts: SettingsCardTexts;
  children: ReactNode;
}

/** One card of Account settings (profile, mail, push, language, ...): a titled section on a white card. */
export function SettingsCard({ id, texts, children }: SettingsCardProps) {
  const t = useT();
  const optionalT = useOptionalT();
  const lead = optionalT(`${texts}.description`);
  // SettingsCardTexts guarantees `${texts}.title` is a message; TypeScript cannot follow that through the template.
  const title = t(`${texts}.title` as MessageId);
  return (
    <section aria-labelledby={id} className="rounded-card border border-ink-200 bg-white p-6 shadow-card">
      <h2 id={id} className={cx('text-lg font-semibold', lead ? 'mb-1' : 'mb-4')}>
        {title}
      </h2>
      {lead && <p className="mb-4 text-sm text-ink-600">{lead}</p>}
      {children}
    </section>
  );
}
