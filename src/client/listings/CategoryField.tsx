import type { UseFormRegisterReturn } from 'react-hook-form';
import { useCategories } from '#client/catalog/api/categories';
import { Button } from '#client/components/Button';
import { FormField, SelectWithPrompt } from '#client/components/FormField';
import { Spinner } from '#client/components/Spinner';
import { Msg, useErrorText, useT } from '#client/i18n';

interface CategoryFieldProps {
  registration: UseFormRegisterReturn<'category_id'>;
  error?: string;
}

/** The category select, filled from GET /categoires, with its own loading and failure states. */
export function CategoryField({ registration, error }: CategoryFieldProps) {
  const categories = useCategories();
  const t = useT();
  const errorText = useErrorText();

  if (categories.isError) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-ink-800">
          <Msg id="listings.category.label" />
        </p>
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-control border border-red-200 bg-red-50 px-3.5 py-2.5"
        >
          <p className="text-sm text-red-700">
            <Msg id="listings.category.failed" values={{ message: categories.error.message }} />
          </p>
          <Button variant="secondary" size="sm" onClick={() => void categories.refetch()}>
            <Msg id="listings.retry" />
          </Button>
        </div>
        {/* The form still checks the field on submit; without this its message would go unseen. */}
        {error && <p className="text-sm text-red-600">{errorText(error)}</p>}
      </div>
    );
  }

  return (
    <FormField
      label={
        <span className="inline-flex items-center gap-2">
          <Msg id="listings.category.label" />
          {categories.isPending && (
            <Spinner label={t('listings.category.loading')} className="text-brand-600 [&_svg]:size-4" />
          )}
        </span>
      }
      error={error}
    >
      <SelectWithPrompt
        prompt={<Msg id="listings.category.pick" />}
        choices={(categories.data ?? []).map((category) => ({ value: category._id, label: category.category_name }))}
        {...registration}
        disabled={categories.isPending}
      />
    </FormField>
  );
}
