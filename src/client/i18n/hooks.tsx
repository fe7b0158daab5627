import { useCallback, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sayLocation } from '#shared/districts';
import { readMessageText, withPrices } from '#shared/i18n/message-text';
import type { MessageId } from './messageId';
import { formattersOf, type Formatters } from './format';
import { useLocale } from './I18nProvider';

export type MessageValues = Record<string, string | number | Date>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t(id, values)`: a message of the page's language as text (for attributes, toasts, titles). */
export function useT(): Translate {
  const intl = useIntl();
  const { price } = useFormat();
  return useCallback((id, values) => intl.formatMessage({ id }, withPrices(values, price)), [intl, price]);
}

/**
 * `optionalT(id)`: the text of a message only some prefixes have (a field's hint or placeholder
 * beside its label), or undefined where the catalog has none.
 */
export function useOptionalT(): (id: string) => string | undefined {
  const intl = useIntl();
  const t = useT();
  return useCallback((id: string) => (id in intl.messages ? t(id as MessageId) : undefined), [intl, t]);
}

type RichValue = ReactNode | Date | ((chunks: ReactNode[]) => ReactNode);

/** A message as a React node; values may be nodes, and tags (`<b>…</b>`) functions of their content. */
export function Msg({ id, values }: { id: MessageId; values?: Record<string, RichValue> }) {
  const { price } = useFormat();
  return <FormattedMessage id={id} values={withPrices(values, price) as Record<string, ReactNode>} />;
}

/**
 * A message from the server or a shared zod schema: a `shared.*` id (with its values, as
 * `messageText` writes them) is shown in the page's language; any other text (the server already
 * wrote it in the request's language) as it is.
 */
export function translateMessage(t: Translate, message: string): string {
  const read = readMessageText(message);
  return read?.id.startsWith('shared.') ? t(read.id as MessageId, read.values) : message;
}

/** `locationText(location)`: a listing's location in the page's language (`sayLocation`, #shared/districts). */
export function useLocationText(): (location: string) => string {
  const t = useT();
  return useCallback((location: string) => sayLocation(location, t), [t]);
}

/** `errorText(message)`: translateMessage with the page's language. */
export function useErrorText(): (message: string) => string {
  const t = useT();
  return useMemo(() => (message: string) => translateMessage(t, message), [t]);
}

/** Prices, numbers, dates and times ago in the page's language and digits. */
export function useFormat(): Formatters {
  const { locale, latinDigits, pseudo } = useLocale();
  return useMemo(() => formattersOf(locale, latinDigits, pseudo), [locale, latinDigits, pseudo]);
}
