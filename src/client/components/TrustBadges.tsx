import type { Product } from '#shared/products';
import { GRADE_LABELS, ORIGIN_LABELS } from '#shared/trust-terms';
import { Badge } from './Badge';
import { cx } from './cx';
import { Msg } from '#client/i18n';

/** The trust details a buyer compares at a glance (docs/trust.md): grade, origin, a verified photo. */
export function TrustBadges({ product, className }: { product: Product; className?: string }) {
  const { conditionGrade, origin, photoVerified } = product.trust;
  return (
    <span className={cx('flex flex-wrap gap-1.5', className)}>
      {conditionGrade && (
        <Badge tone={conditionGrade === 'for_parts' ? 'danger' : 'neutral'}>{GRADE_LABELS[conditionGrade]}</Badge>
      )}
      {origin && <Badge tone={origin === 'official' ? 'success' : 'warning'}>{ORIGIN_LABELS[origin]}</Badge>}
      {photoVerified && (
        <Badge tone="info">
          <Msg id="components.trust.photoVerified" />
        </Badge>
      )}
    </span>
  );
}
