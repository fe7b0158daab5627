import { FormSection } from './FormSection';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useController, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '#client/components/toast';
import { useNavigate } from 'react-router';
import { DISTRICTS } from '#shared/districts';
import type { MyProduct, Product, StoreProductRequest } from '#shared/products';
import { SPEC_CONDITION_OF_GRADE, type ReviewReason } from '#shared/trust';
import { ApiError } from '#client/api/http';
import { useEditProduct, useStoreProduct } from './api/sellerProducts';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { DIGITS, FormError, FormField, Input, Textarea } from '#client/components/FormField';
import { InputField } from '#client/components/InputField';
import { CategoryField } from './CategoryField';
import { PhotosField } from './PhotosField';
import {
  productFormFieldNames,
  productFormSchemaFor,
  type ProductFormInput,
  type ProductFormValues,
} from './productFormSchema';
import { TrustFields } from './TrustFields';
import { usePhotoUploads } from './usePhotoUploads';
import { paths } from '#shared/paths';
import { showServerErrors } from '#client/components/serverErrors';
import { confirmAction } from '#client/components/dialogs';
import { FairPriceHint } from '#client/pricing/FairPrice';
import { noteMeaningfulAction } from '#client/app/installOffer';
import { useFormat, useT, type Formatters, type Translate } from '#client/i18n';

/**
 * Filled from the account and not editable here, so it should not look like a field to type in
 * (the `!` marks win over the input's own colours).
 */
const READ_ONLY = 'border-ink-200! bg-ink-50! text-ink-600!';

/** The server names the cover `productImg`; on this form it is one of the photos; the grade stands for the condition. */
const formFieldOf = (name: string): Path<ProductFormInput> | null => {
  if (name === 'productImg') return 'photos';
  if (name === 'productCondition') return 'conditionGrade';
  const top = name.split('.')[0] ?? name;
  return productFormFieldNames.has(top) ? (name as Path<ProductFormInput>) : null;
};

/** The toast a save that went to the admin's review shows instead of the usual one. */
const underReview = (t: Translate, reasons: ReviewReason[]) =>
  t('listings.form.underReview', {
    reasons: reasons.map((reason) => t(`listings.review.${reason}`)).join('; '),
    wait: t('listings.review.wait'),
  });

/**
 * What the form starts with: for a new listing, empty but for the mobile number the seller gave when
 * they started selling; for an edit, the listing as it is.
 */
function startingValues(product: Product | undefined, photoKeys: string[], sellerMobile: string): ProductFormInput {
  if (!product) return { category_id: '', sellerMobile, photos: photoKeys } as ProductFormInput;
  const { trust } = product;
  return {
    // An old listing has no grade: the seller picks one from the rubric on this edit.
    conditionGrade: trust.conditionGrade as NonNullable<typeof trust.conditionGrade>,
    ...(trust.origin ? { origin: trust.origin } : {}),
    ...(trust.checklist ? { checklist: trust.checklist } : {}),
    ...(trust.batteryHealth !== null ? { batteryHealth: String(trust.batteryHealth) } : {}),
    ...(trust.accountSignedOut ? { accountSignedOut: true } : {}),
    ...(trust.neirChecked ? { neirAnswer: 'valid' } : {}),
    productName: product.productName,
    brand: product.brand,
    category_id: product.category_id,
    originalPrice: String(product.originalPrice),
    resalePrice: String(product.resalePrice),
    yearOfPurchase: String(product.yearOfPurchase),
    sellerMobile: product.sellerMobile,
    location: product.location,
    description: product.description,
    photos: photoKeys,
  };
}

/**
 * Asking more than the phone cost new is mostly a slip (a digit too many), so the seller says so
 * before it is published; true when the price is not above the original or the seller confirms.
 */
async function priceConfirmed(
  { originalPrice, resalePrice }: Pick<ProductFormValues, 'originalPrice' | 'resalePrice'>,
  t: Translate,
  format: Formatters,
) {
  if (resalePrice <= originalPrice) return true;
  return confirmAction({
    title: t('listings.form.priceAbove.title'),
    text: t('listings.form.priceAbove.text', {
      resale: format.price(resalePrice),
      original: format.price(originalPrice),
    }),
    confirmText: t('listings.form.priceAbove.keep'),
    cancelText: t('listings.form.priceAbove.change'),
    // The form puts the cursor in the price instead.
    returnFocus: false,
  });
}

interface ProductFormProps {
  /** The listing to edit; without it the form lists a new phone. */
  product?: Product | MyProduct;
}

const storedImeiOf = (product: Product | MyProduct | undefined) =>
  product && 'ownTrust' in product
    ? product.ownTrust.imeiMasked
    : product?.trust.imeiLast4
      ? `••••••••••• ${product.trust.imeiLast4}`
      : null;

/**
 * Add Product and Edit Product: one form, one schema, the same messages. The photos upload as they
 * are chosen; saving waits for any still under way, then sends the product with their addresses,
 * the cover first.
 */
export function ProductForm({ product }: ProductFormProps) {
  const { user } = useAuth();
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const storeProduct = useStoreProduct();
  const editProduct = useEditProduct();
  const photos = usePhotoUploads(product?.photos);
  const [formError, setFormError] = useState<string | null>(null);
  // Enter in a field while a save runs would start a second one: one listing, one request.
  const saving = useRef(false);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    // An old listing without an IMEI is asked for one on this edit; one stored is kept when left empty.
    resolver: zodResolver(productFormSchemaFor(Boolean(product?.trust.imeiLast4))),
    defaultValues: startingValues(
      product,
      photos.items.map((item) => item.key),
      user?.phoneNumber ?? '',
    ),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const photosField = useController({ control, name: 'photos' });
  const [productName, grade, price] = useWatch({ control, name: ['productName', 'conditionGrade', 'resalePrice'] });
  // Fair prices are kept by the spec's condition, which each grade answers as.
  const condition = grade ? SPEC_CONDITION_OF_GRADE[grade] : '';

  /** The server's refusal lands under the fields it names, or under the form when it names none. */
  function showRefusal(error: ApiError) {
    const message = showServerErrors(error, setError, formFieldOf);
    setFormError(message);
    // A refusal of the whole save (sold meanwhile, not yours): said at once, wherever the seller looks.
    if (message && product) toast.error(message);
  }

  /** Saves, and answers the review reasons when the listing waits for the admin. */
  async function save(request: StoreProductRequest): Promise<ReviewReason[] | null> {
    if (product) {
      const saved = await editProduct.mutateAsync({ id: product._id, product: request });
      return saved.review?.reasons ?? null;
    }
    const saved = await storeProduct.mutateAsync(request);
    noteMeaningfulAction();
    return saved.review?.reasons ?? null;
  }

  async function submit({ photos: _keys, ...fields }: ProductFormValues) {
    if (saving.current) return;
    saving.current = true;
    setFormError(null);
    let reasons: ReviewReason[] | null;
    try {
      if (!(await priceConfirmed(fields, t, format))) {
        setFocus('resalePrice');
        return;
      }
      let urls: string[];
      try {
        urls = await photos.uploadedUrls();
      } catch (error) {
        setError('photos', { message: error instanceof Error ? error.message : String(error) });
        return;
      }
      const productCondition = SPEC_CONDITION_OF_GRADE[fields.conditionGrade];
      reasons = await save({ ...fields, productCondition, productImg: urls[0] as string, photos: urls });
    } catch (error) {
      if (error instanceof ApiError) showRefusal(error);
      else {
        // Not the server's refusal (an answer that is not JSON, a bug): say so, and keep what was typed.
        console.error('Saving the product failed', error);
        setFormError(t(product ? 'listings.form.notSaved' : 'listings.form.notListed'));
      }
      return;
    } finally {
      saving.current = false;
    }
    if (reasons) toast(underReview(t, reasons), { icon: '⏳', duration: 8000 });
    else toast.success(t(product ? 'listings.form.updated' : 'listings.form.added'));
    await navigate(paths.myProducts);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-8 rounded-card border border-ink-200 bg-white p-5 shadow-card sm:p-8"
    >
      <FormSection legend="listings.form.phone" layout="grid">
        <InputField form={form} name="productName" texts="listings.form.productName" autoComplete="off" />
        <InputField form={form} name="brand" texts="listings.form.brand" autoComplete="off" />
        <CategoryField registration={register('category_id')} error={errors.category_id?.message} />
        <InputField form={form} name="originalPrice" texts="listings.form.originalPrice" {...DIGITS} />
        <InputField form={form} name="resalePrice" texts="listings.form.resalePrice" {...DIGITS} />
        <InputField form={form} name="yearOfPurchase" texts="listings.form.year" {...DIGITS} maxLength={4} />
        <FairPriceHint productName={productName ?? ''} condition={condition} price={String(price ?? '')} />
      </FormSection>

      <TrustFields
        register={register}
        errors={errors}
        imei={String(watch('imei') ?? '')}
        storedImei={storedImeiOf(product)}
      />

      <FormSection legend="listings.form.seller" layout="grid">
        <FormField label={t('listings.form.sellerName')} hint={t('listings.fromAccount')}>
          <Input value={user?.displayName ?? ''} readOnly className={READ_ONLY} />
        </FormField>
        <FormField label={t('listings.form.sellerEmail')} hint={t('listings.fromAccount')}>
          <Input type="email" value={user?.email ?? ''} readOnly className={READ_ONLY} />
        </FormField>
        <InputField form={form} name="sellerMobile" texts="listings.form.sellerMobile" autoComplete="tel" />
        <InputField form={form} name="location" texts="listings.form.location" autoComplete="off" list="districts" />
        {/* Suggests the 64 districts while the seller types; any other text is still taken. */}
        <datalist id="districts">
          {DISTRICTS.map((district) => (
            <option key={district} value={district} label={t(`shared.district.${district}`)} />
          ))}
        </datalist>
      </FormSection>

      <FormSection legend="listings.form.photosAndDescription" layout="stack">
        <PhotosField
          photos={photos}
          inputRef={photosField.field.ref}
          error={errors.photos?.message}
          onChange={(keys) => photosField.field.onChange(keys)}
        />
        <FormField label={t('listings.form.description')} error={errors.description?.message}>
          <Textarea rows={5} placeholder={t('listings.form.descriptionPlaceholder')} {...register('description')} />
        </FormField>
      </FormSection>

      <FormError message={formError} />
      <div className="flex justify-end border-t border-ink-100 pt-6">
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto">
          {t(product ? 'listings.form.save' : 'listings.form.add')}
        </Button>
      </div>
    </form>
  );
}
