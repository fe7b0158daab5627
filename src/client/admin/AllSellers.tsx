import { toast } from '#client/components/toast';
import type { User } from '#shared/users';
import { useDeleteUser, useUsers } from './api/users';
import { VerifiedBadge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { RowActionButton } from '#client/components/RowActionButton';
import type { Column } from '#client/components/DataTable';
import { DeleteButton } from '#client/components/DeleteButton';
import { useDeleteAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { personColumns } from './personColumns';
import { useVerifyAction } from './useVerifyAction';
import { Msg, useT } from '#client/i18n';

/** Fits 'Do verify' with its spinner, and 'Verified', so the button keeps its width. */
const VERIFY_WIDTH = 'min-w-28';

function SellerName({ seller }: { seller: User }) {
  return (
    <>
      <span translate="no">{seller.name}</span>
      {seller.verified && (
        <span className="ml-2 inline-block align-middle">
          <VerifiedBadge />
        </span>
      )}
    </>
  );
}

export function AllSellers() {
  const t = useT();
  const sellers = useUsers('seller');
  const remove = useDeleteAction(useDeleteUser('seller'), () => toast.success(t('admin.sellers.deleted')));
  const verify = useVerifyAction(t('admin.sellers.verifiedToast'));

  const columns: ReadonlyArray<Column<User>> = [
    ...personColumns<User>(t, 'seller', (seller) => <SellerName seller={seller} />),
    {
      header: t('admin.action'),
      kind: 'actions',
      // Verified and Do verify equally wide, so Delete stays in one place on every row.
      cell: (seller) => (
        <>
          {seller.verified ? (
            <Button variant="secondary" size="sm" disabled className={VERIFY_WIDTH}>
              <Msg id="admin.verified" />
            </Button>
          ) : (
            <RowActionButton className={VERIFY_WIDTH} action={verify} row={seller.email}>
              <Msg id="admin.doVerify" />
            </RowActionButton>
          )}
          <DeleteButton action={remove} row={seller._id} />
        </>
      ),
    },
  ];

  return <TablePage texts="admin.sellers" query={sellers} columns={columns} />;
}
