import { DISTRICTS } from '../../../../shared/districts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import { CONDITIONS } from '../../../../shared/products';
import { ApiError } from '../../../api/http';
import { useAuth } from '../../../auth/AuthProvider';
import { Button } from '../../../components/Button';
import { FormError, FormField, Input, Select, Textarea } from '../../../components/FormField';
import { CategoryField } from './CategoryField';
import { ImageField } from './ImageField';
import { productFormSchema, type ProductFormInput, type ProductFormValues } from './productFormSchema';
import { UploadProgress } from './UploadProgress';
import { useListProduct } from './useListProduct';

/**
 * Filled from the account and not editable here, so it should not look like a field to type in
 * (the `!` marks win over the input's own colours).
 */
const READ_ONLY = 'border-ink-200! bg-ink-50! text-ink-600!';

const fieldNames = new Set<string>(Object.keys(productFormSchema.shape));

const isFormField = (name: string): name is Path<ProductFormInput> => fieldNames.has(name);

export function ProductForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { listProduct, uploadShare } = useListProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: { category_id: '' },
  });
  const chosenPhoto = watch('productImg');

  /** The server's refusal lands under the fields it names, or under the form when it names none. */
  function showRefusal(error: ApiError) {
    const fields = Object.entries(error.fields).filter(([name]) => isFormField(name));
    for (const [name, message] of fields) setError(name as Path<ProductFormInput>, { message });
    if (fields.length === 0) setFormError(error.message);
  }

  async function submit(values: ProductFormValues) {
    setFormError(null);
    try {
      await listProduct(values);
    } catch (error) {
      if (error instanceof ApiError) showRefusal(error);
      else {
        // Not the server's refusal (an answer that is not JSON, a bug): say so, and keep what was typed.
        console.error('Listing the product failed', error);
        setFormError('The phone could not be listed. Please try again.');
      }
      return;
    }
    toast.success(messages.productAdded);
    await navigate('/dashboard/myproducts');
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-8 rounded-card border border-ink-200 bg-white p-5 shadow-card sm:p-8"
    >
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-ink-900">The phone</legend>
        <FormField label="Product Name" error={errors.productName?.message}>
          <Input placeholder="Samsung Galaxy S21" autoComplete="off" {...register('productName')} />
        </FormField>
        <FormField label="Brand" error={errors.brand?.message}>
          <Input placeholder="Samsung" autoComplete="off" {...register('brand')} />
        </FormField>
        <CategoryField registration={register('category_id')} error={errors.category_id?.message} />
        <FormField label="Condition" error={errors.productCondition?.message}>
          <Select defaultValue="" {...register('productCondition')}>
            <option value="" disabled>
              Pick the condition
            </option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Original Price" hint="What it cost new, in Tk" error={errors.originalPrice?.message}>
          <Input inputMode="numeric" placeholder="89000" {...register('originalPrice')} />
        </FormField>
        <FormField label="Resale Price" hint="Your asking price, in Tk" error={errors.resalePrice?.message}>
          <Input inputMode="numeric" placeholder="52000" {...register('resalePrice')} />
        </FormField>
        <FormField label="Purchase Year" error={errors.yearOfPurchase?.message}>
          <Input inputMode="numeric" placeholder="2021" maxLength={4} {...register('yearOfPurchase')} />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-ink-900">The seller</legend>
        <FormField label="Seller Name" hint="From your account">
          <Input value={user?.displayName ?? ''} readOnly className={READ_ONLY} />
        </FormField>
        <FormField label="Seller Email" hint="From your account">
          <Input type="email" value={user?.email ?? ''} readOnly className={READ_ONLY} />
        </FormField>
        <FormField label="Seller Mobile" error={errors.sellerMobile?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+880 1712 345678" {...register('sellerMobile')} />
        </FormField>
        <FormField
          label="Location"
          error={errors.location?.message}
          hint="Start with the district, e.g. Dhaka, Mirpur: buyers filter by district"
        >
          <Input placeholder="Rangpur" autoComplete="off" list="districts" {...register('location')} />
        </FormField>
        {/* Suggests the 64 districts while the seller types; any other text is still taken. */}
        <datalist id="districts">
          {DISTRICTS.map((district) => (
            <option key={district} value={district} />
          ))}
        </datalist>
      </fieldset>

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-base font-semibold text-ink-900">Photo and description</legend>
        <ImageField registration={register('productImg')} file={chosenPhoto?.[0]} error={errors.productImg?.message} />
        <FormField label="Description" error={errors.description?.message}>
          <Textarea
            rows={5}
            placeholder="Battery health, marks or repairs, what comes in the box"
            {...register('description')}
          />
        </FormField>
      </fieldset>

      {uploadShare !== null && <UploadProgress share={uploadShare} />}
      <FormError message={formError} />
      <div className="flex justify-end border-t border-ink-100 pt-6">
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto">
          Add Product
        </Button>
      </div>
    </form>
  );
}
