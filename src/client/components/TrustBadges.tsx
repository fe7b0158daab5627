import type { Product } from '#shared/products';
import { MessageBadge } from './Badge';
import { cx } from './cx';

/** The trust details a buyer compares at a glance (docs/trust.md): grade, origin, a verified photo. */
export function TrustBadges({ product, className }: { product: Product; className?: string }) {
  const { conditionGrade, origin, photoVerified } = product.trust;
  return (
    <span className={cx('flex flex-wrap gap-1.5', className)}>
      {conditionGrade && (
        <MessageBadge
          tone={conditionGrade === 'for_parts' ? 'danger' : 'neutral'}
          message={`shared.grade.${conditionGrade}`}
        />
      )}
      {origin && (
        <MessageBadge tone={origin === 'official' ? 'success' : 'warning'} message={`catalog.origin.${origin}`} />
      )}
      {photoVerified && <MessageBadge tone="info" message="components.trust.photoVerified" />}
    </span>
  );
}
