import { toLatinDigits } from './i18n/digits';
import { messageText } from './i18n/message-text';
import { MAX_PRICE } from './products';
import { z } from './zod';

/**
 * A whole number of Tk typed in Latin or Bengali digits (৬০,০০০ is 60,000), with or without
 * thousands commas, from `min` to MAX_PRICE. `label` names the field in its messages
 * (`lowest` price, `highest` price, or the `final` price, each in the reader's language).
 */
export const wholeTkSchema = (label: 'lowest' | 'highest' | 'final', min = 0) =>
  z
    .union([z.string(), z.number()], { error: messageText('shared.wholeTk.number', { label }) })
    .transform((value) => (typeof value === 'number' ? String(value) : toLatinDigits(value).trim().replace(/,/g, '')))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, messageText('shared.wholeTk.digits', { label }))
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, messageText('shared.wholeTk.min', { label, minPrice: min }))
            .max(MAX_PRICE, messageText('shared.wholeTk.max', { label, maxPrice: MAX_PRICE })),
        ),
    );
