import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import type { User } from '../../../../shared/users';
import { useDeleteUser, useUsers } from '../../../api/users';
import { DataTable, numberColumn, TableImage, type Column } from '../../../components/DataTable';
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

  const columns: ReadonlyArray<Column<User>> = [
    numberColumn,
    {
      header: 'Buyer Image',
      kind: 'image',
      cell: (buyer) => <TableImage src={buyer.photoURL} alt={`Photo of ${buyer.name}`} />,
    },
    { header: 'Buyer Name', kind: 'title', cell: (buyer) => buyer.name },
    { header: 'Email', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (buyer) => buyer.email },
    {
      header: 'Action',
      kind: 'actions',
      cell: (buyer) => (
        <DeleteButton loading={isRunningFor(deleteBuyer, buyer._id)} onClick={() => void remove(buyer)} />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="All Buyer" description="Everyone registered to buy phones on PhoneHaat." />
      <PagedList query={buyers} noun="buyers" emptyTitle="Not found any buyer">
        {(rows) => (
          <DataTable
            caption="Registered buyers"
            hideCaption
            columns={columns}
            rows={rows}
            rowKey={(buyer) => buyer._id}
          />
        )}
      </PagedList>
    </>
  );
}
