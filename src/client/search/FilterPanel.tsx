import { useState, type FormEvent } from 'react';
import { CONDITIONS } from '#shared/products';
import type { FacetOption, Facets } from '#shared/search';
import { Button } from '#client/components/Button';
import { FormField, Input, Select } from '#client/components/FormField';
import type { FilterParam, SearchState } from './searchState';
import { TrustFilters } from './TrustFilters';

const withCount = (option: FacetOption) => `${option.label} (${option.count})`;

interface FacetSelectProps {
  label: string;
  param: FilterParam;
  options: FacetOption[];
  state: SearchState;
  anyLabel: string;
}

/** One filter as a select whose options say how many phones each would show. */
function FacetSelect({ label, param, options, state, anyLabel }: FacetSelectProps) {
  const value = state.params.get(param) ?? '';
  return (
    <FormField label={label}>
      <Select name={param} value={value} onChange={(event) => state.update({ [param]: event.target.value })}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {withCount(option)}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

function PriceRange({ state }: { state: SearchState }) {
  const [min, setMin] = useState(state.params.get('minPrice') ?? '');
  const [max, setMax] = useState(state.params.get('maxPrice') ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    state.update({ minPrice: min.replace(/[,\s]/g, ''), maxPrice: max.replace(/[,\s]/g, '') });
  };
  return (
    <form onSubmit={apply} aria-label="Price range" className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <FormField label="Min price (Tk)">
          <Input inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} placeholder="0" />
        </FormField>
        <FormField label="Max price (Tk)">
          <Input inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} placeholder="Any" />
        </FormField>
      </div>
      <Button type="submit" variant="secondary" size="sm">
        Apply price
      </Button>
    </form>
  );
}

interface FilterPanelProps {
  facets: Facets | undefined;
  state: SearchState;
}

/** Every filter of a search; those the page fixes (a category page's category) are left out. */
export function FilterPanel({ facets, state }: FilterPanelProps) {
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
          label="Category"
          param="category"
          options={facets?.category ?? []}
          state={state}
          anyLabel="All categories"
        />
      )}
      <FacetSelect label="Brand" param="brand" options={facets?.brand ?? []} state={state} anyLabel="All brands" />
      <FacetSelect label="Condition" param="condition" options={conditions} state={state} anyLabel="Any condition" />
      <PriceRange key={priceKey} state={state} />
      <FacetSelect
        label="Location"
        param="district"
        options={facets?.district ?? []}
        state={state}
        anyLabel="All of Bangladesh"
      />
      <FacetSelect label="Posted" param="posted" options={facets?.posted ?? []} state={state} anyLabel="Any time" />
      <label className="flex items-center gap-2.5 text-sm font-medium text-ink-800">
        <input
          type="checkbox"
          name="verified"
          className="size-4 rounded border-ink-300 accent-brand-600"
          checked={state.params.get('verified') === 'true'}
          onChange={(event) => state.update({ verified: event.target.checked ? 'true' : undefined })}
        />
        Verified sellers only ({verified})
      </label>
      <TrustFilters state={state} />
      {state.hasFilters && (
        <Button variant="ghost" size="sm" onClick={state.clearFilters}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
