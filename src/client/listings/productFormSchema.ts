import { z } from '#shared/zod';
import { messages } from '#shared/messages';
import { MAX_PHOTOS, productFieldsSchema } from '#shared/products';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '#shared/uploads';

const acceptedTypes: readonly string[] = ACCEPTED_IMAGE_TYPES;

/** Why the server would refuse this file as a photo, or null when it is fine to upload. */
export function photoFileProblem(file: File): string | null {
  if (!acceptedTypes.includes(file.type)) return 'Choose a JPEG, PNG, WebP, GIF or AVIF picture';
  if (file.size > MAX_UPLOAD_BYTES) return `Choose a picture under ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
  return null;
}

/**
 * The Add Product and Edit Product form: the shared product fields plus the photos, which upload as
 * they are chosen (usePhotoUploads). The form holds the photos' keys in order, the cover first, so
 * it can say when there is none or too many; the addresses are filled in when the form is sent.
 */
export const productFormSchema = productFieldsSchema.extend({
  photos: z
    .array(z.string(), { error: messages.productImgRequired })
    .min(1, messages.productImgRequired)
    .max(MAX_PHOTOS, `Add at most ${MAX_PHOTOS} photos`),
});

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;
