import { lacksPartsAcknowledgement } from '#shared/trust';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';

/**
 * A phone graded For parts is booked, or offered on, only by a buyer who said they know it is sold
 * for its parts (`forParts: true`); any other phone ignores the field.
 */
export function assertPartsAcknowledged(product: { condition_grade: string | null }, forParts: boolean | undefined) {
  if (!lacksPartsAcknowledgement(product.condition_grade, forParts)) return;
  const required = serverMessage('server.trust.error.forPartsRequired');
  throw new AppError('VALIDATION_FAILED', required, { forParts: required });
}
