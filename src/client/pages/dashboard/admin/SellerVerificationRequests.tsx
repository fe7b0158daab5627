import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import { useUnverifiedSellers, useVerifySeller, type UnverifiedSeller } from '../../../api/verification';
import { Button } from '../../../components/Button';
import { DataTable, TableImage } from '../../../components/DataTable';
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

  return (
    <>
      <PageHeader
        title="Seller Verification Request"
        description="Sellers who asked for the verified badge. Check who they are before you verify them."
      />
      <PagedList query={requests} noun="requests" emptyTitle="Seller verification request 0">
        {(rows) => (
          <DataTable caption="Sellers waiting for verification" hideCaption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Seller Image</th>
                <th scope="col">Seller Name</th>
                <th scope="col">Email</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((seller, index) => (
                <tr key={seller._id}>
                  <td className="text-ink-500 tabular-nums">{index + 1}</td>
                  <td>
                    <TableImage src={seller.photoURL} alt={`Photo of ${seller.name}`} />
                  </td>
                  <td className="font-medium whitespace-nowrap text-ink-900">{seller.name}</td>
                  <td className="whitespace-nowrap text-ink-600">{seller.email}</td>
                  <td>
                    <Button
                      size="sm"
                      loading={isRunningFor(verifySeller, seller.email)}
                      onClick={() => verify(seller)}
                    >
                      Do verify
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
