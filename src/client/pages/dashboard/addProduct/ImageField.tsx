import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCEPTED_IMAGE_TYPES } from '../../../../shared/uploads';
import { FormField, Input } from '../../../components/FormField';

interface ImageFieldProps {
  registration: UseFormRegisterReturn<'productImg'>;
  file: File | undefined;
  error?: string;
}

/** A local address for the chosen picture, freed again when the choice changes. */
function usePreviewUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function ImageField({ registration, file, error }: ImageFieldProps) {
  const previewUrl = usePreviewUrl(file);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <FormField
        label="Product Image"
        error={error}
        hint="A clear photo of the phone itself: JPEG, PNG or WebP, up to 8 MB."
        className="flex-1"
      >
        <Input
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          {...registration}
        />
      </FormField>
      <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-card border border-dashed border-ink-300 bg-ink-50">
        {previewUrl ? (
          <img src={previewUrl} alt="Preview of the chosen product photo" className="size-full object-cover" />
        ) : (
          <span className="px-2 text-center text-xs text-ink-500">Photo preview</span>
        )}
      </div>
    </div>
  );
}
