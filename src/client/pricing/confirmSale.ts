import { soldRequestSchema } from '#shared/fair-price';
import { dialog } from '#client/components/dialogs';

const finalPriceSchema = soldRequestSchema.shape.finalPrice.unwrap();

interface Sale {
  title: string;
  text: string;
  /** What the final price starts as: the agreed price, or the phone's. */
  price: number;
}

/**
 * Asks before marking a phone sold, with the final price to confirm (Latin or Bengali digits):
 * fair prices come from these. Answers the price, or null when the seller cancels.
 */
export async function confirmSale({ title, text, price }: Sale): Promise<number | null> {
  const { isConfirmed, value } = await dialog.fire<string>({
    title,
    text,
    icon: 'question',
    input: 'text',
    inputLabel: 'Final price (Tk)',
    inputValue: String(price),
    inputAttributes: { inputmode: 'numeric', autocomplete: 'off' },
    showCancelButton: true,
    // A phone changes hands once its seller has de-registered it from their NID (docs/trust.md).
    confirmButtonText: 'De-registered: mark sold',
    cancelButtonText: 'Cancel',
    reverseButtons: true,
    inputValidator: (typed) => {
      const parsed = finalPriceSchema.safeParse(typed);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter the final price in whole Tk');
    },
  });
  if (!isConfirmed || value === undefined) return null;
  return finalPriceSchema.parse(value);
}
