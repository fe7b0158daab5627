import { toast } from '#client/components/toast';
import type { LanguageChoice } from '#shared/i18n/language';
import { splitLocalePath } from '#shared/i18n/addresses';
import { saveLanguage } from './api';

/**
 * Saves the choice, then loads the page again in it: its address in the other language when it has
 * one (`/bn/x` ↔ `/en/x`), else the same address, which now shows the chosen language. A page load
 * (not a re-render) brings the other language's catalog and the server's page in that language.
 */
export function switchLanguage(choice: LanguageChoice, failedText: string): Promise<void> {
  return saveLanguage(choice)
    .then(() => {
      const { locale, path } = splitLocalePath(window.location.pathname);
      const pathname = locale ? `/${choice.locale}${path === '/' ? '/' : path}` : window.location.pathname;
      const target = `${pathname}${window.location.search}${window.location.hash}`;
      if (target === `${window.location.pathname}${window.location.search}${window.location.hash}`)
        window.location.reload();
      else window.location.assign(target);
    })
    .catch(() => {
      toast.error(failedText);
    });
}
