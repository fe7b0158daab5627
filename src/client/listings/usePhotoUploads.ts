import { useEffect, useRef, useState } from 'react';
import { MAX_PHOTOS } from '#shared/products';
import { uploadImage } from '#client/api/uploads';
import { photoFileProblem } from './productFormSchema';
import { useT } from '#client/i18n';

type PhotoStatus = 'waiting' | 'uploading' | 'done' | 'failed';

/** One photo of the listing being written: a file chosen now, or a photo the listing already has. */
export interface PhotoItem {
  key: string;
  /** What the seller sees: a local address for a chosen file, the thumbnail for a stored photo. */
  preview: string;
  status: PhotoStatus;
  /** The share of the file sent so far, from 0 to 1. */
  share: number;
  /** The uploaded photo's address, once the server has it. */
  url: string | null;
  error: string | null;
  file: File | null;
}

/** Why some of the chosen files were not taken (wrong type, too big, too many). */
interface AddResult {
  problems: string[];
}

let serial = 0;
const nextKey = () => `photo-${++serial}`;

const storedPhoto = ({ url, thumb }: { url: string; thumb: string }): PhotoItem => ({
  key: nextKey(),
  preview: thumb || url,
  status: 'done',
  share: 1,
  url,
  error: null,
  file: null,
});

/**
 * The listing's photos, the cover first, each uploaded as soon as it is chosen. Uploads run one
 * after another, never side by side, so a listing stays inside the server's per-seller upload limits
 * (two at once, 30 a minute). Each upload starts from the change event that chose its file, never
 * from an effect, so React's development double-run of effects cannot send a photo twice; and the
 * list lives in a ref as well as in state, so no state updater (which React may also call twice)
 * has side effects.
 */
export function usePhotoUploads(initial: ReadonlyArray<{ url: string; thumb: string }> = []) {
  const t = useT();
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(storedPhoto));
  const current = useRef<PhotoItem[]>(items);
  /** The end of the upload queue: each new upload waits for the one before it. */
  const queue = useRef<Promise<void>>(Promise.resolve());

  // Frees the local previews when the form goes away. At mount there are none yet (files are only
  // ever added by a change event), so React's development unmount-and-remount frees nothing.
  useEffect(
    () => () => {
      for (const item of current.current) if (item.file) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  function commit(next: PhotoItem[]) {
    current.current = next;
    setItems(next);
  }

  function update(key: string, patch: Partial<PhotoItem>) {
    // A photo removed while it was uploading is simply forgotten; housekeeping removes the file.
    if (!current.current.some((item) => item.key === key)) return;
    commit(current.current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }

  async function upload(key: string) {
    const item = current.current.find((photo) => photo.key === key);
    if (!item?.file) return;
    update(key, { status: 'uploading', share: 0, error: null });
    try {
      const { data } = await uploadImage({ file: item.file, onProgress: (share) => update(key, { share }) });
      update(key, { status: 'done', share: 1, url: data.url });
    } catch (error) {
      update(key, {
        status: 'failed',
        error: error instanceof Error ? error.message : t('listings.photos.uploadFailed'),
      });
    }
  }

  function enqueue(key: string) {
    queue.current = queue.current.then(() => upload(key));
  }

  /** Takes the chosen files that fit (type, size, at most six in all) and starts uploading them. */
  function add(files: Iterable<File>): AddResult {
    const problems: string[] = [];
    const added: PhotoItem[] = [];
    for (const file of files) {
      const problem = photoFileProblem(file, t);
      if (problem) {
        problems.push(t('listings.photos.fileProblem', { file: file.name, problem }));
        continue;
      }
      if (current.current.length + added.length >= MAX_PHOTOS) {
        problems.push(t('listings.photos.atMost', { max: MAX_PHOTOS }));
        break;
      }
      added.push({
        key: nextKey(),
        preview: URL.createObjectURL(file),
        status: 'waiting',
        share: 0,
        url: null,
        error: null,
        file,
      });
    }
    commit([...current.current, ...added]);
    for (const item of added) enqueue(item.key);
    return { problems };
  }

  function remove(key: string) {
    const item = current.current.find((photo) => photo.key === key);
    if (item?.file) URL.revokeObjectURL(item.preview);
    commit(current.current.filter((photo) => photo.key !== key));
  }

  function makeCover(key: string) {
    const item = current.current.find((photo) => photo.key === key);
    if (!item) return;
    commit([item, ...current.current.filter((photo) => photo.key !== key)]);
  }

  function retry(key: string) {
    update(key, { status: 'waiting', share: 0, error: null });
    enqueue(key);
  }

  /**
   * Waits for the uploads under way and answers every photo's address, the cover first; throws
   * when a photo could not be uploaded, so the seller retries or removes it.
   */
  async function uploadedUrls(): Promise<string[]> {
    await queue.current;
    const photos = current.current;
    if (photos.some((photo) => photo.status !== 'done' || !photo.url))
      throw new Error(t('listings.photos.notAllUploaded'));
    return photos.map((photo) => photo.url as string);
  }

  /** The list as it is now, before the next render shows it. */
  const now = () => current.current;

  return { items, current: now, add, remove, makeCover, retry, uploadedUrls };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
