import { messages } from '#shared/messages';
import { useUnverifiedSellers, type UnverifiedSeller } from './api/verification';
import { Button } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { TablePage } from '#client/components/TablePage';
import { personColumns } from './personColumns';
import { useVerifyAction } from './useVerifyAction';

export function SellerVerificationRequests() {
  const requests = useUnverifiedSellers();
  const verify = useVerifyAction(messages.sellerVerificationSuccess);

  const columns: ReadonlyArray<Column<UnverifiedSeller>> = [
    ...personColumns<UnverifiedSeller>('Seller'),
    {
      header: 'Action',
      kind: 'actions',
      cell: (seller) => (
        <Button size="sm" loading={verify.runningFor(seller.email)} onClick={() => verify.run(seller.email)}>
          Do verify
        </Button>
      ),
    },
  ];

  return (
    <TablePage
      title="Seller Verification Request"
      description="Sellers who asked for the verified badge. Check who they are before you verify them."
      query={requests}
      noun="requests"
      emptyTitle="Seller verification request 0"
      caption="Sellers waiting for verification"
      columns={columns}
    />
  );
}
