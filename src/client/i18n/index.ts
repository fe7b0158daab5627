/*
 * The client's languages (docs/i18n.md): messages by id from the catalogs beside each area, prices,
 * numbers and dates in the page's language, and the language choice.
 */
export { I18nProvider, useLocale, type I18nSetup, type LocaleState } from './I18nProvider';
export {
  Msg,
  translateMessage,
  useErrorText,
  useFormat,
  useLocationText,
  useOptionalT,
  useT,
  type MessageValues,
  type Translate,
} from './hooks';
export type { MessageId, TextsWith } from './messageId';
export type { Formatters } from './format';
export { loadCatalog, type Catalog } from './catalogFiles';
export { translateNow } from './outside';
