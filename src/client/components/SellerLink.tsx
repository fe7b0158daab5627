import { Link } from 'react-router';
import type { Product } from '#shared/products';
import { paths } from '#shared/paths';
import { useLocale } from '#client/i18n';
import { VerifiedBadge } from './Badge';

interface SellerLinkProps {
  seller: Pick<Product, 'sellerId' | 'sellerName' | 'sellerIsVerified'>;
  /** The link's look, which differs between a card and a page. */
  className: string;
}

/** A listing's seller: the name, linked to their page, and the verified badge when they have it. */
export function SellerLink({ seller, className }: SellerLinkProps) {
  const { localePath } = useLocale();
  return (
    <>
      <Link to={localePath(paths.seller(seller.sellerId))} className={className} data-user-text>
        {seller.sellerName}
      </Link>
      {seller.sellerIsVerified && <VerifiedBadge />}
    </>
  );
}
