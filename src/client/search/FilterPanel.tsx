import { useState, type FormEvent } from 'react';
import { CONDITIONS } from '#shared/products';
import type { FacetOption, Facets } from '#shared/search';
import { Button } from '#client/components/Button';
import { FormField, Input, Select } from '#client/components/FormField';
import type { FilterParam, SearchState } from './searchState';
import { Check, TrustFilters } from './TrustFilters';
import { toLatinDigits } from '#shared/i18n/digits';
import { Msg, useT, type MessageId } from '#client/i18n';
import { useCategoryName } from '#client/catalog/categoryText';

interface FacetSelectProps {
  label: string;
  param: FilterParam;
  options: FacetOption[];
  state: SearchState;
  anyLabel: string;
  /** The option's words in the page's language (districts by their English name); brands stay as they are. */
  labelOf?: (option: FacetOption) => string;
  /** The counts were counted in a sample (a search of very many phones): each says "about". */
  estimate: boolean;
}

/** One filter as a select whose options say how many phones each would show. */
function FacetSelect({ label, param, options, state, anyLabel, labelOf, estimate }: FacetSelectProps) {
  const t = useT();
  const value = state.params.get(param) ?? '';
  return (
    <FormField label={label}>
      <Select name={param} value={value} onChange={(event) => state.update({ [param]: event.target.value })}>
        <option value="">{anyLabel}</option>
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

function PriceRange({ state }: { state: SearchState }) {
  const t = useT();
  const [min, setMin] = useState(state.params.get('minPrice') ?? '');
  const [max, setMax] = useState(state.params.get('maxPrice') ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    state.update({ minPrice: plainPrice(min), maxPrice: plainPrice(max) });
  };
  return (
    <form onSubmit={apply} aria-label={t('search.filters.priceRange')} className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <FormField label={t('search.filters.minPrice')}>
          <Input
            type="text"
            inputMode="numeric"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            placeholder={t('search.filters.minPlaceholder')}
          />
        </FormField>
        <FormField label={t('search.filters.maxPrice')}>
          <Input
            type="text"
            inputMode="numeric"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            placeholder={t('search.filters.maxPlaceholder')}
          />
        </FormField>
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
  return (
    <div className="flex flex-col gap-5">
      {shown('category') && (
        <FacetSelect
          label={t('search.filters.category')}
          param="category"
          options={facets?.category ?? []}
          state={state}
          anyLabel={t('search.filters.allCategories')}
          estimate={estimate}
          labelOf={categoryLabel}
        />
      )}
      <FacetSelect
        label={t('search.filters.brand')}
        param="brand"
        options={facets?.brand ?? []}
        state={state}
        anyLabel={t('search.filters.allBrands')}
        estimate={estimate}
      />
      <FacetSelect
        label={t('search.filters.condition')}
        param="condition"
        options={conditions}
        state={state}
        anyLabel={t('search.filters.anyCondition')}
        estimate={estimate}
        labelOf={wordsOf('shared.condition')}
      />
      <PriceRange key={priceKey} state={state} />
      <Check param="goodPrice" label="search.filters.goodPrice" state={state} />
      <FacetSelect
        label={t('search.filters.location')}
        param="district"
        options={facets?.district ?? []}
        state={state}
        anyLabel={t('search.filters.allLocations')}
        estimate={estimate}
        labelOf={wordsOf('shared.district')}
      />
      <FacetSelect
        label={t('search.filters.posted')}
        param="posted"
        options={facets?.posted ?? []}
        state={state}
        anyLabel={t('search.filters.anyTime')}
        estimate={estimate}
        labelOf={wordsOf('search.filters.posted')}
      />
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
