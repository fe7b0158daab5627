import { useQuery } from '@tanstack/react-query';
import { useLocale } from '#client/i18n';
import { categoriesQueryOptions } from './api/categories';

/** A category as the API answers it: the spec's English fields, and their Bangla beside them when there is one. */
interface CategoryFields {
  category_name: string;
  category_desc: string;
  nameBn?: string | null;
  descriptionBn?: string | null;
}

/** A category's name and description in the page's language (English when no Bangla was written). */
export function useCategoryText() {
  const { locale } = useLocale();
  return (category: CategoryFields) =>
    locale === 'bn'
      ? {
          name: category.nameBn || category.category_name,
          description: category.descriptionBn || category.category_desc,
        }
      : { name: category.category_name, description: category.category_desc };
}

/**
 * A category's name by its id, in the page's language, where the answer at hand carries only the
 * English one (a listing, a search facet): on Bangla pages the categories (base data, cached for
 * good) are asked for once.
 */
export function useCategoryName() {
  const { locale } = useLocale();
  const textOf = useCategoryText();
  const { data: categories } = useQuery({ ...categoriesQueryOptions(), enabled: locale === 'bn' });
  return (id: string, english: string) => {
    const category = categories?.find((one) => one._id === id);
    return category ? textOf(category).name : english;
  };
}
