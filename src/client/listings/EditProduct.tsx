import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCategories } from '#client/catalog/api/categories';
import { useAuth } from '#client/accounts/AuthProvider';
import { sameEmail } from '#client/accounts/sameEmail';
import { Button, ButtonLink } from '#client/components/Button';
import { EmptyState } from '#client/components/EmptyState';
import { PageHeader } from '#client/components/PageHeader';
import { FullScreenSpinner } from '#client/components/Spinner';
import { ProductForm } from './ProductForm';
import { myProductQueryOptions } from './api/sellerProducts';
import { paths } from '#shared/paths';

const backToList = (
  <ButtonLink to={paths.myProducts} variant="secondary">
    Back to My Product
  </ButtonLink>
);

/**
 * The Add Product form, filled with one of the seller's listings. It opens once the listing and
 * the categories are in, so every select shows the listing's own choice from the start.
 */
export function EditProduct() {
  const id = useParams().id ?? '';
  const { user } = useAuth();
  // The seller's own copy: a listing under review is on no public page yet.
  const product = useQuery(myProductQueryOptions(user?.email ?? '', id));
  const categories = useCategories();

  if (product.isError) {
    return (
      <EmptyState
        tone="error"
        title="This listing could not be opened"
        description={product.error.message}
        action={
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => void product.refetch()}>
              Retry
            </Button>
            {backToList}
          </div>
        }
      />
    );
  }
  if (product.isPending || categories.isPending) return <FullScreenSpinner label="Loading the listing" />;

  const listing = product.data;
  const refusal = !sameEmail(listing.sellerEmail, user?.email ?? '')
    ? 'You can only edit your own products.'
    : listing.sellStatus
      ? 'This phone is sold already, so it cannot be edited.'
      : listing.reserved
        ? 'You accepted a booking of this phone, so it cannot be edited until that booking is cancelled or the phone is sold.'
        : null;

  return (
    <>
      <PageHeader
        title="Edit Product"
        description={
          <>
            Change anything you entered for{' '}
            <span className="font-medium wrap-anywhere text-ink-800">{listing.productName}</span>. It keeps its
            bookings, and buyers see the new details at once.
          </>
        }
        actions={backToList}
      />
      {refusal ? <EmptyState title={refusal} action={backToList} /> : <ProductForm product={listing} />}
    </>
  );
}
