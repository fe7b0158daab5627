import { CONDITIONS } from '../../shared/products';
import {
  POSTED_LABELS,
  POSTED_WITHIN,
  type FacetOption,
  type Facets,
  type PostedWithin,
  type SearchFilters,
} from '../../shared/search';
import { indexedText } from './text';

/**
 * One group of the text- and price-matched listings that agree on every faceted column, with how
 * many of them were posted within each period. Facet counts and the total are sums over groups.
 */
export interface FacetGroup {
  category_id: string;
  brand_key: string;
  brand: string;
  condition: string;
  district: string | null;
  is_seller_verified: boolean;
  listings: number;
  within_24h: number;
  within_7d: number;
  within_30d: number;
}

type Facet = keyof Facets;

const countOf = (group: FacetGroup, posted: PostedWithin | undefined) =>
  posted === undefined ? group.listings : group[`within_${posted}`];

/**
 * The chosen filters, with the brand as indexed: normalised once per search, not once per group
 * and facet (thousands of times over a large index).
 */
type Chosen = SearchFilters & { brandKey: string | undefined };

/** Whether a group passes every chosen filter except the one of `facet` (and except the period, read by count). */
function passes(group: FacetGroup, filters: Chosen, facet?: Facet): boolean {
  const brand = filters.brandKey;
  return (
    (facet === 'category' || filters.category === undefined || group.category_id === filters.category) &&
    (facet === 'brand' || brand === undefined || group.brand_key === brand) &&
    (facet === 'condition' || filters.condition === undefined || group.condition === filters.condition) &&
    (facet === 'district' || filters.district === undefined || group.district === filters.district) &&
    (facet === 'verified' || !filters.verified || group.is_seller_verified)
  );
}

function tally(
  groups: FacetGroup[],
  filters: Chosen,
  facet: Facet,
  valueOf: (group: FacetGroup) => string | null,
  labelOf: (group: FacetGroup, value: string) => string,
): FacetOption[] {
  const options = new Map<string, FacetOption>();
  for (const group of groups) {
    const value = valueOf(group);
    if (value === null || !passes(group, filters, facet)) continue;
    const option = options.get(value) ?? { value, label: labelOf(group, value), count: 0 };
    option.count += countOf(group, filters.posted);
    options.set(value, option);
  }
  return [...options.values()].filter((option) => option.count > 0);
}

const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.label.localeCompare(b.label);

/** The option a filter has chosen stays in its list, with 0, so it can be seen and cleared. */
function withChosen(options: FacetOption[], chosen: string | undefined, label = chosen): FacetOption[] {
  if (chosen === undefined || options.some((option) => option.value === chosen)) return options;
  return [...options, { value: chosen, label: label ?? chosen, count: 0 }];
}

export function facetsOf(groups: FacetGroup[], asked: SearchFilters, categoryNames: Map<string, string>) {
  const filters: Chosen = { ...asked, brandKey: asked.brand === undefined ? undefined : indexedText(asked.brand) };
  const total = groups
    .filter((group) => passes(group, filters))
    .reduce((sum, group) => sum + countOf(group, filters.posted), 0);
  const { brandKey } = filters;
  const brands = tally(
    groups,
    filters,
    'brand',
    (g) => g.brand_key,
    (g) => g.brand,
  );
  const facets: Facets = {
    category: withChosen(
      tally(
        groups,
        filters,
        'category',
        (g) => g.category_id,
        (_, id) => categoryNames.get(id) ?? id,
      ).sort(byCount),
      filters.category,
      categoryNames.get(filters.category ?? ''),
    ),
    brand: withChosen(brands.sort(byCount), brandKey, filters.brand),
    condition: tally(
      groups,
      filters,
      'condition',
      (g) => g.condition,
      (_, value) => value,
    ).sort((a, b) => CONDITIONS.indexOf(a.value as never) - CONDITIONS.indexOf(b.value as never)),
    district: withChosen(
      tally(
        groups,
        filters,
        'district',
        (g) => g.district,
        (_, value) => value,
      ).sort(byCount),
      filters.district,
    ),
    verified: tally(
      groups,
      filters,
      'verified',
      (g) => (g.is_seller_verified ? 'true' : null),
      () => 'Verified sellers only',
    ),
    posted: POSTED_WITHIN.map((period) => ({
      value: period,
      label: POSTED_LABELS[period],
      count: groups
        .filter((group) => passes(group, filters))
        .reduce((sum, group) => sum + group[`within_${period}`], 0),
    })),
  };
  return { total, facets };
}
