import { useLocale } from '#client/i18n';

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
