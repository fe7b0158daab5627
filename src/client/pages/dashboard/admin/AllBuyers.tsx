import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import type { User } from '../../../../shared/users';
import { useDeleteUser, useUsers } from '../../../api/users';
import { DataTable, TableImage } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ALREADY_DELETED, confirmDelete } from '../confirmDelete';
import { DeleteButton } from '../DeleteButton';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';

export function AllBuyers() {
  const buyers = useUsers('buyer');
  const deleteBuyer = useDeleteUser('buyer');

  async function remove(buyer: User) {
    if (!(await confirmDelete())) return;
    deleteBuyer.mutate(buyer._id, {
      onSuccess: ({ deletedCount }) =>
        deletedCount > 0 ? toast.success(messages.buyerDeleted) : toast.error(ALREADY_DELETED),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <>
      <PageHeader title="All Buyer" description="Everyone registered to buy phones on PhoneHaat." />
      <PagedList query={buyers} noun="buyers" emptyTitle="Not found any buyer">
        {(rows) => (
          <DataTable caption="Registered buyers" hideCaption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Buyer Image</th>
                <th scope="col">Buyer Name</th>
                <th scope="col">Email</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((buyer, index) => (
                <tr key={buyer._id}>
                  <td className="text-ink-500 tabular-nums">{index + 1}</td>
                  <td>
                    <TableImage src={buyer.photoURL} alt={`Photo of ${buyer.name}`} />
                  </td>
                  <td className="font-medium whitespace-nowrap text-ink-900">{buyer.name}</td>
                  <td className="whitespace-nowrap text-ink-600">{buyer.email}</td>
                  <td>
                    <DeleteButton
                      loading={isRunningFor(deleteBuyer, buyer._id)}
                      onClick={() => void remove(buyer)}
                    />
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
