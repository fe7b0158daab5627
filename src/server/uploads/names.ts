/** The files one upload is kept as: the picture (at most 1600 px) and its thumbnail. */
export const imageFileName = (uploadId: string) => `${uploadId}.webp`;
export const thumbFileName = (uploadId: string) => `${uploadId}-thumb.webp`;
export const imageFileNames = (uploadId: string) => [imageFileName(uploadId), thumbFileName(uploadId)];
