import toast from 'react-hot-toast';
import { messages } from '#shared/messages';
import type { User } from '#shared/users';
import { useDeleteUser, useUsers } from './api/users';
import type { Column } from '#client/components/DataTable';
import { DeleteButton } from '#client/components/DeleteButton';
import { useDeleteAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { personColumns } from './personColumns';

export function AllBuyers() {
  const buyers = useUsers('buyer');
  const remove = useDeleteAction(useDeleteUser('buyer'), () => toast.success(messages.buyerDeleted));

  const columns: ReadonlyArray<Column<User>> = [
    ...personColumns<User>('Buyer'),
    {
      header: 'Action',
      kind: 'actions',
      cell: (buyer) => <DeleteButton loading={remove.runningFor(buyer._id)} onClick={() => remove.run(buyer._id)} />,
    },
  ];

  return (
    <TablePage
      title="All Buyer"
      description="Everyone registered to buy phones on PhoneHaat."
      query={buyers}
      noun="buyers"
      emptyTitle="Not found any buyer"
      caption="Registered buyers"
      columns={columns}
    />
  );
}
