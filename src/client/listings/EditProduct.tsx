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
import { Msg, useT } from '#client/i18n';

const backToList = (
  <ButtonLink to={paths.myProducts} variant="secondary">
    <Msg id="listings.edit.back" />
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
  const t = useT();

  if (product.isError) {
    return (
      <EmptyState
        tone="error"
        title={t('listings.edit.notOpened')}
        description={product.error.message}
        action={
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => void product.refetch()}>
              <Msg id="listings.retry" />
            </Button>
            {backToList}
          </div>
        }
      />
    );
  }
  if (product.isPending || categories.isPending) return <FullScreenSpinner label={t('listings.edit.loading')} />;

  const listing = product.data;
  const refusal = !sameEmail(listing.sellerEmail, user?.email ?? '')
    ? t('listings.edit.notYours')
    : listing.sellStatus
      ? t('listings.edit.sold')
      : listing.reserved
        ? t('listings.edit.reserved')
        : null;

  return (
    <>
      <PageHeader
        title={t('listings.edit.title')}
        description={
          <Msg
            id="listings.edit.description"
            values={{
              productName: listing.productName,
              name: (chunks) => (
                <span className="font-medium wrap-anywhere text-ink-800" translate="no">
                  {chunks}
                </span>
              ),
            }}
          />
        }
        actions={backToList}
      />
      {refusal ? <EmptyState title={refusal} action={backToList} /> : <ProductForm product={listing} />}
    </>
  );
}
