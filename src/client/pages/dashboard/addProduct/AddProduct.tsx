import { useAuth } from '../../../auth/AuthProvider';
import { PageHeader } from '../../../components/PageHeader';
import { ProductForm } from './ProductForm';
import { VerificationNotice } from './VerificationNotice';

export function AddProduct() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Add Product" description="List a used phone for sale. Buyers see it on its category page." />
      {user && !user.emailVerified ? (
        <p
          role="alert"
          className="mb-6 rounded-card border border-amber-200 bg-amber-50 p-5 text-sm font-medium text-amber-900"
        >
          Please verify your email address before you list a phone, upload its photos or apply for verification: open
          the link we mailed to you, or use &ldquo;Send the link again&rdquo; at the top of the page.
        </p>
      ) : (
        <VerificationNotice />
      )}
      <ProductForm />
    </>
  );
}
