import type { Product } from '#shared/products';
import { Badge } from './Badge';
import { cx } from './cx';
import { Msg } from '#client/i18n';

/** The trust details a buyer compares at a glance (docs/trust.md): grade, origin, a verified photo. */
export function TrustBadges({ product, className }: { product: Product; className?: string }) {
  const { conditionGrade, origin, photoVerified } = product.trust;
  return (
    <span className={cx('flex flex-wrap gap-1.5', className)}>
      {conditionGrade && (
        <Badge tone={conditionGrade === 'for_parts' ? 'danger' : 'neutral'}>
          <Msg id={`shared.grade.${conditionGrade}`} />
        </Badge>
      )}
      {origin && (
        <Badge tone={origin === 'official' ? 'success' : 'warning'}>
          <Msg id={`catalog.origin.${origin}`} />
        </Badge>
      )}
      {photoVerified && (
        <Badge tone="info">
          <Msg id="components.trust.photoVerified" />
        </Badge>
      )}
    </span>
  );
}
