import { asciiDigits } from './chat-safety';
import { MAX_PRICE } from './products';
import { z } from './zod';

/**
 * A whole number of Tk typed in Latin or Bengali digits (৬০,০০০ is 60,000), with or without
 * thousands commas, from `min` to MAX_PRICE. `label` names the field in its messages.
 */
export const wholeTkSchema = (label: string, min = 0) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number of Tk` })
    .transform((value) => (typeof value === 'number' ? String(value) : asciiDigits(value).trim().replace(/,/g, '')))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, `${label} must be whole Tk, digits only`)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, `${label} is at least ${min.toLocaleString('en-US')} Tk`)
            .max(MAX_PRICE, `${label} is at most ${MAX_PRICE.toLocaleString('en-US')} Tk`),
        ),
    );
