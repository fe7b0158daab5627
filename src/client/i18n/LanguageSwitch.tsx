import { cx } from '#client/components/cx';
import { useT } from './hooks';
import { useLocale } from './I18nProvider';

/**
 * The header's language switch: the other language's name, in that language (বাংলা on an English
 * page, English on a Bangla one), as bilingual sites in Bangladesh show it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { locale, setLocale } = useLocale();
  const t = useT();
  const other = locale === 'en' ? 'bn' : 'en';
  return (
    <button
      type="button"
      lang={other}
      className={cx(
        'rounded-control px-3 py-2 text-sm font-medium text-ink-700 transition-colors hover:bg-ink-100 hover:text-ink-900',
        other === 'bn' && 'bangla-label',
        className,
      )}
      aria-label={t('i18n.switch.label')}
      onClick={() => setLocale(other)}
    >
      {t('i18n.switch.toOther')}
    </button>
  );
}
