import type { StarName } from '#shared/reviews';
import type { MessageId } from '#client/i18n';

/** The four things a review rates, by the catalog's words. */
export const STAR_LABELS: Record<StarName, MessageId> = {
  asDescribed: 'reviews.star.asDescribed',
  communication: 'reviews.star.communication',
  punctuality: 'reviews.star.punctuality',
  paidAsAgreed: 'reviews.star.paidAsAgreed',
};
