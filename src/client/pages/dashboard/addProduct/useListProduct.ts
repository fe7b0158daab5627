import { useRef, useState } from 'react';
import type { InsertResult } from '../../../../shared/common';
import { useStoreProduct } from '../../../api/sellerProducts';
import { uploadImage } from '../../../api/uploads';
import type { ProductFormValues } from './productFormSchema';

/**
 * Lists a product in two steps: upload the photo (with progress), then store the product with the
 * photo's URL. A photo already uploaded for an earlier, refused attempt is not sent again.
 */
export function useListProduct() {
  const storeProduct = useStoreProduct();
  const [uploadShare, setUploadShare] = useState<number | null>(null);
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  async function photoUrl(file: File): Promise<string> {
    if (uploaded.current?.file === file) return uploaded.current.url;
    setUploadShare(0);
    try {
      const { data } = await uploadImage({ file, onProgress: setUploadShare });
      uploaded.current = { file, url: data.url };
      return data.url;
    } finally {
      setUploadShare(null);
    }
  }

  async function listProduct({ productImg, ...fields }: ProductFormValues): Promise<InsertResult> {
    const url = await photoUrl(productImg);
    return storeProduct.mutateAsync({ ...fields, productImg: url });
  }

  return { listProduct, uploadShare };
}
