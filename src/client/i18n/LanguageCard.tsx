import { useState } from 'react';
import type { Locale } from '#shared/i18n/locales';
import type { LanguageChoice } from '#shared/i18n/language';
import { Msg, useT } from './hooks';
import { useLocale } from './I18nProvider';
import { SettingsCard } from '#client/components/SettingsCard';

/**
 * Language in Account settings: the site's (and the account's mail and notifications') language,
 * and on Bangla pages Latin digits instead of Bengali ones. A change is saved at once, and the page
 * shows it.
 */
export function LanguageCard() {
  const { locale, latinDigits, choose } = useLocale();
  const t = useT();
  const [saving, setSaving] = useState(false);
  const save = (choice: LanguageChoice) => {
    setSaving(true);
    void choose(choice).finally(() => setSaving(false));
  };
  const options: Array<{ value: Locale; label: string }> = [
    { value: 'en', label: t('i18n.card.english') },
    { value: 'bn', label: t('i18n.card.bangla') },
  ];
  return (
    <SettingsCard id="language-settings" texts="i18n.card">
      <fieldset className="space-y-3" disabled={saving}>
        <legend className="sr-only">
          <Msg id="i18n.card.title" />
        </legend>
        {options.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-3 text-sm">
            <input
              type="radio"
              name="language"
              className="size-4 accent-brand-600"
              checked={locale === value}
              onChange={() => save({ locale: value, latinDigits })}
            />
            {label}
          </label>
        ))}
        <label className="flex items-center gap-3 border-t border-ink-100 pt-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={latinDigits}
            onChange={(event) => save({ locale, latinDigits: event.target.checked })}
          />
          <Msg id="i18n.card.latinDigits" />
        </label>
      </fieldset>
      {saving && (
        <p className="mt-3 text-sm text-ink-500" aria-live="polite">
          <Msg id="i18n.card.saving" />
        </p>
      )}
    </SettingsCard>
  );
}
