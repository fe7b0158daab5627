import { z } from '#shared/zod';
import { messages } from '#shared/messages';
import { MAX_PHOTOS, productFieldsSchema } from '#shared/products';
import { formIssues, GRADES, trustFieldsSchema } from '#shared/trust';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '#shared/uploads';
import type { Translate } from '#client/i18n';

const acceptedTypes: readonly string[] = ACCEPTED_IMAGE_TYPES;

/** Why the server would refuse this file as a photo, or null when it is fine to upload. */
export function photoFileProblem(file: File, t: Translate): string | null {
  if (!acceptedTypes.includes(file.type)) return t('listings.photos.wrongType');
  if (file.size > MAX_UPLOAD_BYTES) return t('listings.photos.tooBig', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 });
  return null;
}

/**
 * The Add Product and Edit Product form: the shared product fields plus the photos, which upload as
 * they are chosen (usePhotoUploads). The form holds the photos' keys in order, the cover first, so
 * it can say when there is none or too many; the addresses are filled in when the form is sent.
 */
const formFields = productFieldsSchema.omit({ productCondition: true }).extend({
  ...trustFieldsSchema.shape,
  // The grade stands for the spec's condition on this form: the server answers productCondition from it.
  conditionGrade: z.enum(GRADES, { error: messages.conditionRequired }),
  photos: z
    .array(z.string(), { error: messages.productImgRequired })
    .min(1, messages.productImgRequired)
    .max(MAX_PHOTOS, `Add at most ${MAX_PHOTOS} photos`),
});

/**
 * With the trust details (docs/trust.md) the form requires: IMEI 1 (unless the listing has one
 * stored: it is never sent back, so an empty field keeps it), origin, grade, checklist, the account
 * signed out, and the battery health of an iPhone.
 */
export const productFormSchemaFor = (imeiStored: boolean) =>
  formFields.superRefine((values, ctx) => {
    for (const { path, message } of formIssues(values, imeiStored))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
export const productFormSchema = productFormSchemaFor(false);

export const productFormFieldNames = new Set<string>([...Object.keys(formFields.shape), 'checklist']);

export type ProductFormInput = z.input<typeof formFields>;
export type ProductFormValues = z.output<typeof formFields>;
