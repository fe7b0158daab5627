import { useState, type FormEvent } from 'react';
import { CONDITIONS } from '#shared/products';
import type { FacetOption, Facets } from '#shared/search';
import { Button } from '#client/components/Button';
import { DIGITS, FormField, Input, Select } from '#client/components/FormField';
import type { FilterParam, SearchState } from './searchState';
import { Check, TrustFilters } from './TrustFilters';
import { toLatinDigits } from '#shared/i18n/digits';
import { Msg, useT, type MessageId } from '#client/i18n';
import { useCategoryName } from '#client/catalog/categoryText';

/** One facet's select, as FilterPanel lists them: its words by message id, its options as counted. */
interface FacetGroup {
  param: FilterParam;
  label: MessageId;
  options: FacetOption[] | undefined;
  anyLabel: MessageId;
  /** The option's words in the page's language (districts by their English name); brands stay as they are. */
  labelOf?: (option: FacetOption) => string;
}

interface FacetSelectProps extends FacetGroup {
  state: SearchState;
  /** The counts were counted in a sample (a search of very many phones): each says "about". */
  estimate: boolean;
}

/** One filter as a select whose options say how many phones each would show. */
function FacetSelect({ label, param, options = [], state, anyLabel, labelOf, estimate }: FacetSelectProps) {
  const t = useT();
  const value = state.params.get(param) ?? '';
  return (
    <FormField label={t(label)}>
      <Select name={param} value={value} onChange={(event) => state.update({ [param]: event.target.value })}>
        <option value="">{t(anyLabel)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} data-user-text={labelOf ? undefined : true}>
            {t(estimate && option.count > 0 ? 'search.filters.withCountAbout' : 'search.filters.withCount', {
              label: labelOf?.(option) ?? option.label,
              count: option.count,
            })}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** A typed price as the URL keeps it: Latin digits, without grouping commas or spaces. */
const plainPrice = (typed: string) => toLatinDigits(typed).replace(/[,\s]/g, '');

/** The two ends of the price range, each a field of its own. */
const PRICE_ENDS = [
  { param: 'minPrice', label: 'search.filters.minPrice', placeholder: 'search.filters.minPlaceholder' },
  { param: 'maxPrice', label: 'search.filters.maxPrice', placeholder: 'search.filters.maxPlaceholder' },
] as const;

type PriceEnd = (typeof PRICE_ENDS)[number]['param'];

function PriceRange({ state }: { state: SearchState }) {
  const t = useT();
  const [typed, setTyped] = useState<Record<PriceEnd, string>>(() => ({
    minPrice: state.params.get('minPrice') ?? '',
    maxPrice: state.params.get('maxPrice') ?? '',
  }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    state.update({ minPrice: plainPrice(typed.minPrice), maxPrice: plainPrice(typed.maxPrice) });
  };
  return (
    <form onSubmit={apply} aria-label={t('search.filters.priceRange')} className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        {PRICE_ENDS.map(({ param, label, placeholder }) => (
          <FormField key={param} label={t(label)}>
            <Input
              {...DIGITS}
              value={typed[param]}
              onChange={(e) => setTyped({ ...typed, [param]: e.target.value })}
              placeholder={t(placeholder)}
            />
          </FormField>
        ))}
      </div>
      <Button type="submit" variant="secondary" size="sm">
        <Msg id="search.filters.applyPrice" />
      </Button>
    </form>
  );
}

interface FilterPanelProps {
  facets: Facets | undefined;
  /** The facets' counts are estimates (SearchResult.totalIsEstimate). */
  estimate: boolean;
  state: SearchState;
}

/** Every filter of a search; those the page fixes (a category page's category) are left out. */
export function FilterPanel({ facets, estimate, state }: FilterPanelProps) {
  const t = useT();
  const categoryName = useCategoryName();
  const categoryLabel = (option: FacetOption) => categoryName(option.value, option.label);
  const wordsOf = (prefix: 'shared.condition' | 'search.filters.posted' | 'shared.district') => (option: FacetOption) =>
    t(`${prefix}.${option.value}` as MessageId);
  const shown = (param: FilterParam) => !(param in state.fixed);
  const conditions = CONDITIONS.map(
    (condition) =>
      facets?.condition.find((o) => o.value === condition) ?? { value: condition, label: condition, count: 0 },
  );
  const verified = facets?.verified[0]?.count ?? 0;
  const priceKey = `${state.params.get('minPrice') ?? ''}-${state.params.get('maxPrice') ?? ''}`;
  const selects = (groups: FacetGroup[]) =>
    groups
      .filter(({ param }) => shown(param))
      .map((group) => <FacetSelect key={group.param} {...group} state={state} estimate={estimate} />);
  return (
    <div className="flex flex-col gap-5">
      {selects([
        {
          param: 'category',
          label: 'search.filters.category',
          options: facets?.category,
          anyLabel: 'search.filters.allCategories',
          labelOf: categoryLabel,
        },
        { param: 'brand', label: 'search.filters.brand', options: facets?.brand, anyLabel: 'search.filters.allBrands' },
        {
          param: 'condition',
          label: 'search.filters.condition',
          options: conditions,
          anyLabel: 'search.filters.anyCondition',
          labelOf: wordsOf('shared.condition'),
        },
      ])}
      <PriceRange key={priceKey} state={state} />
      <Check param="goodPrice" label="search.filters.goodPrice" state={state} />
      {selects([
        {
          param: 'district',
          label: 'search.filters.location',
          options: facets?.district,
          anyLabel: 'search.filters.allLocations',
          labelOf: wordsOf('shared.district'),
        },
        {
          param: 'posted',
          label: 'search.filters.posted',
          options: facets?.posted,
          anyLabel: 'search.filters.anyTime',
          labelOf: wordsOf('search.filters.posted'),
        },
      ])}
      <label className="flex items-center gap-2.5 text-sm font-medium text-ink-800">
        <input
          type="checkbox"
          name="verified"
          className="size-4 rounded border-ink-300 accent-brand-600"
          checked={state.params.get('verified') === 'true'}
          onChange={(event) => state.update({ verified: event.target.checked ? 'true' : undefined })}
        />
        <Msg
          id={estimate && verified > 0 ? 'search.filters.verifiedAbout' : 'search.filters.verified'}
          values={{ count: verified }}
        />
      </label>
      <TrustFilters state={state} />
      {state.hasFilters && (
        <Button variant="ghost" size="sm" onClick={state.clearFilters}>
          <Msg id="search.filters.clear" />
        </Button>
      )}
    </div>
  );
}
