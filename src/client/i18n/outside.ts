import type { IntlShape } from 'react-intl';
import { withPrices } from '#shared/i18n/message-text';
import type { MessageId } from './messageId';
import type { MessageValues } from './hooks';

/*
 * The page's messages for code outside React's tree (the alert dialogs, which open from a click):
 * the I18nProvider on screen hands its language here as it renders. Never on the server, where
 * pages in different languages render at once.
 */
let mounted: { intl: IntlShape; price: (amount: number) => string } | undefined;

export const handOutside = (intl: IntlShape, price: (amount: number) => string): void => {
  mounted = { intl, price };
};

/** A message of the page's language, from outside a component. */
export const translateNow = (id: MessageId, values?: MessageValues): string =>
  mounted ? mounted.intl.formatMessage({ id }, withPrices(values, mounted.price)) : id;
