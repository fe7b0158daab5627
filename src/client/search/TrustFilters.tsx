import { useState, type FormEvent } from 'react';
import { GRADE_LABELS, GRADES, ORIGIN_LABELS, ORIGINS } from '#shared/trust';
import { Button } from '#client/components/Button';
import { FormField, Input, Select } from '#client/components/FormField';
import type { FilterParam, SearchState } from './searchState';

function Check({ param, label, state }: { param: FilterParam; label: string; state: SearchState }) {
  return (
    <label className="flex items-center gap-2.5 text-sm font-medium text-ink-800">
      <input
        type="checkbox"
        name={param}
        className="size-4 rounded border-ink-300 accent-brand-600"
        checked={state.params.get(param) === 'true'}
        onChange={(event) => state.update({ [param]: event.target.checked ? 'true' : undefined })}
      />
      {label}
    </label>
  );
}

function MinBattery({ state }: { state: SearchState }) {
  const [value, setValue] = useState(state.params.get('minBattery') ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    state.update({ minBattery: value.trim() });
  };
  return (
    <form onSubmit={apply} aria-label="Battery health" className="flex items-end gap-2">
      <FormField label="Battery at least (%)" className="flex-1">
        <Input
          inputMode="numeric"
          maxLength={3}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="80"
        />
      </FormField>
      <Button type="submit" variant="secondary" size="sm" className="mb-1">
        Apply
      </Button>
    </form>
  );
}

/** The trust filters (docs/trust.md): grade, origin, battery health, IMEI checked, verified photo. */
export function TrustFilters({ state }: { state: SearchState }) {
  const select = (param: 'grade' | 'origin', label: string, anyLabel: string, options: Array<[string, string]>) => (
    <FormField label={label}>
      <Select
        name={param}
        value={state.params.get(param) ?? ''}
        onChange={(event) => state.update({ [param]: event.target.value })}
      >
        <option value="">{anyLabel}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </FormField>
  );
  return (
    <>
      {select(
        'grade',
        'Grade',
        'Any grade',
        GRADES.map((grade) => [grade, GRADE_LABELS[grade]]),
      )}
      {select(
        'origin',
        'Origin',
        'Any origin',
        ORIGINS.map((origin) => [origin, ORIGIN_LABELS[origin]]),
      )}
      <MinBattery key={state.params.get('minBattery') ?? ''} state={state} />
      <Check param="imeiChecked" label="IMEI checked" state={state} />
      <Check param="photoVerified" label="Photo verified" state={state} />
    </>
  );
}
