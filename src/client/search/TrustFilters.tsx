import { useState, type FormEvent } from 'react';
import { toLatinDigits } from '#shared/i18n/digits';
import { GRADES, ORIGINS } from '#shared/trust';
import { Button } from '#client/components/Button';
import { DIGITS, FormField, Input, Select } from '#client/components/FormField';
import type { FilterParam, SearchState } from './searchState';
import { Msg, useT, type MessageId } from '#client/i18n';

/** A filter that is on or off, kept in the URL as `true` or left out. */
export function Check({ param, label, state }: { param: FilterParam; label: MessageId; state: SearchState }) {
  return (
    <label className="flex items-center gap-2.5 text-sm font-medium text-ink-800">
      <input
        type="checkbox"
        name={param}
        className="size-4 rounded border-ink-300 accent-brand-600"
        checked={state.params.get(param) === 'true'}
        onChange={(event) => state.update({ [param]: event.target.checked ? 'true' : undefined })}
      />
      <Msg id={label} />
    </label>
  );
}

function MinBattery({ state }: { state: SearchState }) {
  const t = useT();
  const [value, setValue] = useState(state.params.get('minBattery') ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    state.update({ minBattery: toLatinDigits(value).trim() });
  };
  return (
    <form onSubmit={apply} aria-label={t('search.filters.battery')} className="flex items-end gap-2">
      <FormField label={t('search.filters.batteryAtLeast')} className="flex-1">
        <Input
          {...DIGITS}
          maxLength={3}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('search.filters.batteryPlaceholder')}
        />
      </FormField>
      <Button type="submit" variant="secondary" size="sm" className="mb-1">
        <Msg id="search.filters.apply" />
      </Button>
    </form>
  );
}

/** The trust filters (docs/trust.md): grade, origin, battery health, IMEI checked, verified photo. */
export function TrustFilters({ state }: { state: SearchState }) {
  const t = useT();
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
        t('search.filters.grade'),
        t('search.filters.anyGrade'),
        GRADES.map((grade) => [grade, t(`shared.grade.${grade}`)]),
      )}
      {select(
        'origin',
        t('search.filters.origin'),
        t('search.filters.anyOrigin'),
        ORIGINS.map((origin) => [origin, t(`catalog.origin.${origin}`)]),
      )}
      <MinBattery key={state.params.get('minBattery') ?? ''} state={state} />
      <Check param="imeiChecked" label="search.filters.imeiChecked" state={state} />
      <Check param="photoVerified" label="search.filters.photoVerified" state={state} />
    </>
  );
}
