import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import {
  categoryInfoQueryOptions,
  categoryProductsQueryOptions,
  useCategoryInfo,
  useCategoryProducts,
} from '../../api/categories';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { ProductCard } from '../../components/ProductCard';

/** Cards in the grid's first row on a large screen (4 columns), the ones seen without scrolling. */
const FIRST_ROW = 4;

/** The category (404 for an unknown id) and its first page of phones, fetched together. */
export function categoryLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    await Promise.all([
      queryClient.ensureQueryData(categoryInfoQueryOptions(id)),
      queryClient.ensureInfiniteQueryData(categoryProductsQueryOptions(id)),
    ]);
    return null;
  };
}

export function CategoryPage() {
  const id = useParams().id ?? '';
  const { data: category } = useCategoryInfo(id);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useCategoryProducts(id);
  const products = data.pages.flatMap((page) => page.items);
  const total = data.pages.at(-1)?.total;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeader
        title={category.category_name}
        description={category.category_desc}
        actions={
          products.length > 0 && (
            <p className="text-sm text-ink-500">
              {total ?? products.length} {(total ?? products.length) === 1 ? 'phone' : 'phones'}
            </p>
          )
        }
      />
      {products.length === 0 ? (
        <EmptyState
          title="No product Available"
          description="Nobody has listed a phone in this category yet. Check back soon."
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product._id}>
                <ProductCard product={product} detailed aboveTheFold={index < FIRST_ROW} />
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <div className="mt-10 flex justify-center">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Show more phones
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
