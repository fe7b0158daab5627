import { PageHeader } from '../../../components/PageHeader';
import { ProductForm } from './ProductForm';
import { VerificationNotice } from './VerificationNotice';

export function AddProduct() {
  return (
    <>
      <PageHeader title="Add Product" description="List a used phone for sale. Buyers see it on its category page." />
      <VerificationNotice />
      <ProductForm />
    </>
  );
}
