import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { categoriesQueryOptions } from './api/categories';
import { Section } from '#client/components/Section';
import { paths } from '#shared/paths';
import { Msg, useLocale, useT } from '#client/i18n';
import { useCategoryText } from './categoryText';

/** The 'Used Phone' grid: one card per category, filled by the home loader. */
export function CategoryGrid() {
  const { data: categories } = useSuspenseQuery(categoriesQueryOptions());
  const t = useT();
  const { localePath } = useLocale();
  const textOf = useCategoryText();
  return (
    <div id="categories" className="scroll-mt-16">
      <Section title={t('catalog.categories.title')} lead={t('catalog.categories.lead')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category._id}>
              <Link
                to={localePath(paths.category(category._id))}
                className="group flex h-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-card transition-shadow hover:shadow-raised"
              >
                <div className="aspect-[16/9] overflow-hidden bg-ink-100">
                  <img
                    src={category.category_img}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                  />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h3 className="text-lg font-semibold" data-user-text>
                    {textOf(category).name}
                  </h3>
                  <p className="line-clamp-2 text-sm text-ink-500" data-user-text>
                    {textOf(category).description}
                  </p>
                  <span className="mt-auto pt-2 text-sm font-semibold text-brand-700 group-hover:text-brand-800">
                    <Msg id="catalog.categories.seeAll" /> <span aria-hidden="true">→</span>
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
