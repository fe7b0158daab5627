import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import { useUnverifiedSellers, useVerifySeller, type UnverifiedSeller } from '../../../api/verification';
import { Button } from '../../../components/Button';
import { DataTable, numberColumn, TableImage, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';
import { ALREADY_VERIFIED } from './verifyTexts';

export function SellerVerificationRequests() {
  const requests = useUnverifiedSellers();
  const verifySeller = useVerifySeller();

  function verify(seller: UnverifiedSeller) {
    verifySeller.mutate(seller.email, {
      onSuccess: (changed) => (changed ? toast.success(messages.sellerVerificationSuccess) : toast(ALREADY_VERIFIED)),
      onError: (error) => toast.error(error.message),
    });
  }

  const columns: ReadonlyArray<Column<UnverifiedSeller>> = [
    numberColumn,
    {
      header: 'Seller Image',
      kind: 'image',
      cell: (seller) => <TableImage src={seller.photoURL} alt={`Photo of ${seller.name}`} />,
    },
    { header: 'Seller Name', kind: 'title', cell: (seller) => seller.name },
    { header: 'Email', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (seller) => seller.email },
    {
      header: 'Action',
      kind: 'actions',
      cell: (seller) => (
        <Button size="sm" loading={isRunningFor(verifySeller, seller.email)} onClick={() => verify(seller)}>
          Do verify
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Seller Verification Request"
        description="Sellers who asked for the verified badge. Check who they are before you verify them."
      />
      <PagedList query={requests} noun="requests" emptyTitle="Seller verification request 0">
        {(rows) => (
          <DataTable
            caption="Sellers waiting for verification"
            hideCaption
            columns={columns}
            rows={rows}
            rowKey={(seller) => seller._id}
          />
        )}
      </PagedList>
    </>
  );
}
