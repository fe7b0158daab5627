import { soldRequestSchema } from '#shared/fair-price';
import { dialog } from '#client/components/dialogs';
import { useErrorText, useT } from '#client/i18n';

const finalPriceSchema = soldRequestSchema.shape.finalPrice.unwrap();

interface Sale {
  title: string;
  text: string;
  /** What the final price starts as: the agreed price, or the phone's. */
  price: number;
}

/**
 * Asks before marking a phone sold, with the final price to confirm (Latin or Bengali digits):
 * fair prices come from these. The function answers the price, or null when the seller cancels.
 */
export function useConfirmSale() {
  const t = useT();
  const errorText = useErrorText();
  return async ({ title, text, price }: Sale): Promise<number | null> => {
    const { isConfirmed, value } = await dialog.fire<string>({
      title,
      text,
      icon: 'question',
      input: 'text',
      inputLabel: t('pricing.sale.inputLabel'),
      inputValue: String(price),
      inputAttributes: { inputmode: 'numeric', autocomplete: 'off' },
      showCancelButton: true,
      // A phone changes hands once its seller has de-registered it from their NID (docs/trust.md).
      confirmButtonText: t('pricing.sale.confirm'),
      cancelButtonText: t('pricing.sale.cancel'),
      reverseButtons: true,
      inputValidator: (typed) => {
        const parsed = finalPriceSchema.safeParse(typed);
        if (parsed.success) return null;
        const message = parsed.error.issues[0]?.message;
        return message ? errorText(message) : t('pricing.sale.invalid');
      },
    });
    if (!isConfirmed || value === undefined) return null;
    return finalPriceSchema.parse(value);
  };
}
