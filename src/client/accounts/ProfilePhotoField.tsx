import { useEffect, useState } from 'react';
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegister,
  type UseFormWatch,
} from 'react-hook-form';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '#shared/uploads';
import { Avatar } from '#client/components/Avatar';
import { Button } from '#client/components/Button';
import { FormField, Input } from '#client/components/FormField';
import { Msg, useT } from '#client/i18n';

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** What the chosen file is wrong in, before anything is sent; null when it may go. */
function photoFileProblem(file: File, t: ReturnType<typeof useT>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return t('accounts.photo.wrongType');
  if (file.size > MAX_UPLOAD_BYTES) return t('accounts.photo.tooBig', { mb: MAX_MB });
  return null;
}

/** The chosen file's preview, revoked when it changes or the form goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface ProfilePhotoFieldProps<Values extends FieldValues> {
  /** The account form (useSchemaForm's): it holds the spec's Photo URL field, `photoURL`. */
  form: { register: UseFormRegister<Values>; watch: UseFormWatch<Values>; formState: { errors: object } };
  /** The form's name field, which the preview's initials come from. */
  nameField: Path<Values>;
  file: File | null;
  onFile: (file: File | null) => void;
  /** What the account has now (Account settings), shown until another is chosen. */
  current?: string | null;
}

/**
 * An optional profile photo: one from the device (uploaded through the same pipeline as listings'
 * photos), or the spec's link to one, or neither, and the account gets an avatar with its initials.
 */
export function ProfilePhotoField<Values extends FieldValues & { photoURL?: string }>({
  form,
  nameField,
  file,
  onFile,
  current,
}: ProfilePhotoFieldProps<Values>) {
  const urlField = 'photoURL' as Path<Values>;
  const name = String(form.watch(nameField) ?? '');
  const typedUrl = form.watch(urlField) as string | undefined;
  const urlError = (get(form.formState.errors, urlField) as FieldError | undefined)?.message;
  const preview = usePreview(file);
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  // A new key empties the file input when the photo is removed.
  const [inputKey, setInputKey] = useState(0);
  const shown = preview ?? (typedUrl?.trim() || current || null);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink-800">
        <Msg
          id="accounts.photo.legend"
          values={{ muted: (chunks) => <span className="font-normal text-ink-500">{chunks}</span> }}
        />
      </legend>
      <div className="flex flex-wrap items-center gap-3">
        <Avatar name={name || '?'} src={shown} className="size-14" />
        <FormField label={t('accounts.photo.upload')} error={problem ?? undefined} className="min-w-0 flex-1">
          <Input
            key={inputKey}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0] ?? null;
              const wrong = chosen && photoFileProblem(chosen, t);
              setProblem(wrong || null);
              onFile(wrong ? null : chosen);
              if (wrong) event.currentTarget.value = '';
            }}
          />
        </FormField>
        {file && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              onFile(null);
              setInputKey((key) => key + 1);
            }}
          >
            <Msg id="accounts.photo.remove" />
          </Button>
        )}
      </div>
      {!file && (
        <FormField
          label={t('accounts.photo.url')}
          error={urlError}
          hint={current === undefined ? t('accounts.photo.urlHintNew') : t('accounts.photo.urlHintKeep')}
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder={t('accounts.photo.urlPlaceholder')}
            {...form.register(urlField)}
          />
        </FormField>
      )}
    </fieldset>
  );
}
