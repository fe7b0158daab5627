import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormSection } from './FormSection';
import { CHECK_ANSWERS, CHECKLIST_ITEMS, GRADES, ORIGINS } from '#shared/trust';
import { DIGITS, FormField, Input, SelectWithPrompt } from '#client/components/FormField';
import { NeirCheck } from '#client/catalog/NeirCheck';
import type { ProductFormInput } from './productFormSchema';
import { useFieldError } from '#client/accounts/useFieldError';
import { Msg, useT } from '#client/i18n';

interface TrustFieldsProps {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
  /** The IMEI typed so far, for the NEIR SMS. */
  imei: string;
  /** What the listing has stored already, masked ("••••••••••• 1234"), on an edit. */
  storedImei: string | null;
}

function ErrorText({ message }: { message: string | undefined }) {
  const fieldError = useFieldError();
  return message ? (
    <p role="alert" className="text-sm text-red-600">
      {fieldError(message)}
    </p>
  ) : null;
}

/**
 * A group of radio buttons with a legend, in the form's look, across the whole grid; one of them is
 * checked by the seller.
 */
function Choice({
  legend,
  name,
  options,
  register,
  errors,
}: {
  legend: string;
  name: 'neirAnswer' | 'origin';
  options: Array<{ value: string; label: string; note?: string }>;
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
}) {
  const error = errors[name]?.message;
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-2 rounded-control border border-ink-200 px-3 py-2 text-sm text-ink-800 has-checked:border-brand-500 has-checked:bg-brand-50"
          >
            <input type="radio" value={option.value} className="mt-0.5 accent-brand-600" {...register(name)} />
            <span>
              <span className="font-medium">{option.label}</span>
              {option.note && <span className="text-ink-600"> · {option.note}</span>}
            </span>
          </label>
        ))}
      </div>
      <ErrorText message={error} />
    </fieldset>
  );
}

/**
 * What makes the phone one a buyer can trust: IMEIs, the NEIR check, origin, the graded condition,
 * the functional checklist, battery health and the account sign-out (docs/trust.md).
 */
export function TrustFields({ register, errors, imei, storedImei }: TrustFieldsProps) {
  const checklistErrors = errors.checklist as (Record<string, { message?: string }> & { message?: string }) | undefined;
  const t = useT();
  const fieldError = useFieldError();
  return (
    <>
      <FormSection legend="listings.trust.imeiLegend" layout="grid">
        <FormField
          label={t('listings.trust.imei1')}
          error={errors.imei?.message}
          hint={storedImei ? t('listings.trust.imeiStored', { imei: storedImei }) : t('listings.trust.imeiHelp')}
        >
          <Input {...DIGITS} autoComplete="off" placeholder="35 209900 176148 1" {...register('imei')} />
        </FormField>
        <FormField label={t('listings.trust.imei2')} error={errors.imei2?.message} hint={t('listings.trust.imei2Hint')}>
          <Input {...DIGITS} autoComplete="off" {...register('imei2')} />
        </FormField>
        <div className="sm:col-span-2">
          <NeirCheck imei={imei} who="seller" />
        </div>
        <Choice
          legend={t('listings.trust.neirAnswer')}
          name="neirAnswer"
          register={register}
          errors={errors}
          options={[
            { value: 'valid', label: t('listings.trust.neirValid') },
            { value: 'not_valid', label: t('listings.trust.neirNotValid') },
          ]}
        />
        <Choice
          legend={t('listings.trust.originLegend')}
          name="origin"
          register={register}
          errors={errors}
          options={ORIGINS.map((origin) => ({ value: origin, label: t(`listings.trust.origin.${origin}`) }))}
        />
      </FormSection>

      <FormSection legend="listings.trust.condition" layout="stack">
        <FormField
          label={t('listings.trust.condition')}
          error={errors.conditionGrade?.message}
          hint={
            <span className="grid gap-0.5">
              {GRADES.map((grade) => (
                <span key={grade}>
                  <strong className="font-medium text-ink-700">
                    <Msg id={`shared.grade.${grade}`} />
                  </strong>
                  : <Msg id={`listings.trust.rubric.${grade}`} />
                </span>
              ))}
            </span>
          }
        >
          <SelectWithPrompt
            prompt={<Msg id="listings.trust.pickCondition" />}
            choices={GRADES.map((grade) => ({ value: grade, label: t(`shared.grade.${grade}`) }))}
            {...register('conditionGrade')}
          />
        </FormField>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-ink-800">
            <Msg id="listings.trust.checklist" />
          </p>
          <ErrorText message={typeof checklistErrors?.message === 'string' ? checklistErrors.message : undefined} />
          <ul className="divide-y divide-ink-100 rounded-control border border-ink-200">
            {CHECKLIST_ITEMS.map((item) => {
              const itemError = checklistErrors?.[item]?.message;
              return (
                <li
                  key={item}
                  className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                >
                  <fieldset className="contents">
                    <legend className="text-sm text-ink-800">
                      <Msg id={`listings.trust.check.${item}`} />
                    </legend>
                    <div className="flex gap-3">
                      {CHECK_ANSWERS.map((answer) => (
                        <label key={answer} className="flex items-center gap-1.5 text-sm text-ink-700">
                          <input
                            type="radio"
                            value={answer}
                            className="accent-brand-600"
                            {...register(`checklist.${item}` as const)}
                          />
                          <Msg id={`listings.trust.answer.${answer}`} />
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  {itemError && <p className="text-sm text-red-600">{fieldError(itemError)}</p>}
                </li>
              );
            })}
          </ul>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label={t('listings.trust.battery')}
            error={errors.batteryHealth?.message}
            hint={t('listings.trust.batteryHint')}
          >
            <Input
              {...DIGITS}
              maxLength={3}
              placeholder={t('listings.trust.batteryPlaceholder')}
              {...register('batteryHealth')}
            />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <label className="flex items-start gap-2 text-sm text-ink-800 sm:pt-7">
              <input type="checkbox" className="mt-0.5 accent-brand-600" {...register('accountSignedOut')} />
              <span>
                <Msg id="listings.trust.accountSignedOut" />
              </span>
            </label>
            <ErrorText message={errors.accountSignedOut?.message} />
          </div>
        </div>
      </FormSection>
    </>
  );
}
