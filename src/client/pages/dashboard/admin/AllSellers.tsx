import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import type { User } from '../../../../shared/users';
import { useDeleteUser, useUsers } from '../../../api/users';
import { useVerifySeller } from '../../../api/verification';
import { VerifiedBadge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { DataTable, TableImage } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ALREADY_DELETED, confirmDelete } from '../confirmDelete';
import { DeleteButton } from '../DeleteButton';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';
import { ALREADY_VERIFIED } from './verifyTexts';

export function AllSellers() {
  const sellers = useUsers('seller');
  const deleteSeller = useDeleteUser('seller');
  const verifySeller = useVerifySeller();

  function verify(seller: User) {
    verifySeller.mutate(seller.email, {
      onSuccess: (changed) => (changed ? toast.success(messages.sellerVerified) : toast(ALREADY_VERIFIED)),
      onError: (error) => toast.error(error.message),
    });
  }

  async function remove(seller: User) {
    if (!(await confirmDelete())) return;
    deleteSeller.mutate(seller._id, {
      onSuccess: ({ deletedCount }) =>
        deletedCount > 0 ? toast.success(messages.sellerDeleted) : toast.error(ALREADY_DELETED),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <>
      <PageHeader title="All Seller" description="Verify sellers you trust, or remove those who break the rules." />
      <PagedList query={sellers} noun="sellers" emptyTitle="No register seller found">
        {(rows) => (
          <DataTable caption="Registered sellers" hideCaption>
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
                  <td>
                    <span className="flex items-center gap-2 font-medium whitespace-nowrap text-ink-900">
                      {seller.name}
                      {seller.verified && <VerifiedBadge />}
                    </span>
                  </td>
                  <td className="whitespace-nowrap text-ink-600">{seller.email}</td>
                  <td>
                    <div className="flex items-center gap-2">
                      {seller.verified ? (
                        <Button variant="secondary" size="sm" disabled>
                          Verified
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          loading={isRunningFor(verifySeller, seller.email)}
                          onClick={() => verify(seller)}
                        >
                          Do verify
                        </Button>
                      )}
                      <DeleteButton
                        loading={isRunningFor(deleteSeller, seller._id)}
                        onClick={() => void remove(seller)}
                      />
                    </div>
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
