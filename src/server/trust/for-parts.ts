import { FOR_PARTS_REQUIRED, lacksPartsAcknowledgement } from '#shared/trust';
import { AppError } from '#server/errors';

/**
 * A phone graded For parts is booked, or offered on, only by a buyer who said they know it is sold
 * for its parts (`forParts: true`); any other phone ignores the field.
 */
export function assertPartsAcknowledged(product: { condition_grade: string | null }, forParts: boolean | undefined) {
  if (!lacksPartsAcknowledgement(product.condition_grade, forParts)) return;
  throw new AppError('VALIDATION_FAILED', FOR_PARTS_REQUIRED, { forParts: FOR_PARTS_REQUIRED });
}
