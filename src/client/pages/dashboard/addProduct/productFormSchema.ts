import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { productFieldsSchema } from '../../../../shared/products';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../../shared/uploads';

const acceptedTypes: readonly string[] = ACCEPTED_IMAGE_TYPES;

/** The picture the seller chose; the file input hands react-hook-form a FileList. */
const productImageSchema = z
  .custom<FileList>((value) => value instanceof FileList && value.length > 0, messages.productImgRequired)
  .transform((files) => files[0] as File)
  .refine((file) => acceptedTypes.includes(file.type), 'Choose a JPEG, PNG, WebP, GIF or AVIF picture')
  .refine((file) => file.size <= MAX_UPLOAD_BYTES, `Choose a picture under ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);

/** The Add Product form: the shared product fields plus the picture, uploaded before the product is stored. */
export const productFormSchema = productFieldsSchema.extend({ productImg: productImageSchema });

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;
