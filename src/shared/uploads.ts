import { z } from './zod';

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

export const uploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number(), height: z.number() }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
