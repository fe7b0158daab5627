import type { ApiErrorBody } from '#shared/common';
import type { UploadResponse } from '#shared/uploads';
import { ACCESS_TOKEN_KEY, API_BASE, ApiError } from './http';

interface UploadRequest {
  file: File;
  /** Called with the share of the file sent so far, from 0 to 1. */
  onProgress?: (share: number) => void;
}

// Longer than the API's 30 s: a big photo on a slow mobile connection takes a while to send.
const UPLOAD_TIMEOUT_MS = 120_000;

function uploadError(xhr: XMLHttpRequest): ApiError {
  const body = (xhr.response ?? null) as Partial<ApiErrorBody> | null;
  return new ApiError(
    xhr.status,
    body?.message ?? `The picture could not be uploaded (${xhr.status}). Please try again.`,
    body?.code ?? 'UNKNOWN',
    body?.fields ?? {},
  );
}

/**
 * POST /uploads with the picture in the multipart field `image`. XMLHttpRequest rather than fetch,
 * because only it reports upload progress.
 */
export function uploadImage({ file, onProgress }: UploadRequest): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploads`);
    xhr.responseType = 'json';
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    if (token) xhr.setRequestHeader('authorization', `bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as UploadResponse);
      else reject(uploadError(xhr));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'Cannot reach PhoneHaat. Check your internet connection and try again.', 'NETWORK'));
    xhr.ontimeout = () =>
      reject(
        new ApiError(0, 'The photo took too long to upload. Please try again, or choose a smaller photo.', 'TIMEOUT'),
      );
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

/**
 * The photo a profile form sends: the chosen file, uploaded now (the account exists by then, at
 * sign-up too), else the typed link, else nothing (the server keeps the photo, or draws one).
 */
export async function profilePhotoToSend(file: File | null, typed: string | undefined): Promise<string | undefined> {
  if (file) return (await uploadImage({ file })).data.url;
  return typed?.trim() || undefined;
}
