import { toast } from '#client/components/toast';
import type { User } from '#shared/users';
import { useDeleteUser, useUsers } from './api/users';
import type { Column } from '#client/components/DataTable';
import { DeleteButton } from '#client/components/DeleteButton';
import { useDeleteAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { personColumns } from './personColumns';
import { useT } from '#client/i18n';

export function AllBuyers() {
  const t = useT();
  const buyers = useUsers('buyer');
  const remove = useDeleteAction(useDeleteUser('buyer'), () => toast.success(t('admin.buyers.deleted')));

  const columns: ReadonlyArray<Column<User>> = [
    ...personColumns<User>(t, 'buyer'),
    {
      header: t('admin.action'),
      kind: 'actions',
      cell: (buyer) => <DeleteButton action={remove} row={buyer._id} />,
    },
  ];

  return <TablePage texts="admin.buyers" query={buyers} columns={columns} />;
}
