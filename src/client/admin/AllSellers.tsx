import toast from 'react-hot-toast';
import { messages } from '#shared/messages';
import type { User } from '#shared/users';
import { useDeleteUser, useUsers } from './api/users';
import { VerifiedBadge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { DeleteButton } from '#client/components/DeleteButton';
import { useDeleteAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { personColumns } from './personColumns';
import { useVerifyAction } from './useVerifyAction';

/** Fits 'Do verify' with its spinner, and 'Verified', so the button keeps its width. */
const VERIFY_WIDTH = 'min-w-28';

function SellerName({ seller }: { seller: User }) {
  return (
    <>
      {seller.name}
      {seller.verified && (
        <span className="ml-2 inline-block align-middle">
          <VerifiedBadge />
        </span>
      )}
    </>
  );
}

export function AllSellers() {
  const sellers = useUsers('seller');
  const remove = useDeleteAction(useDeleteUser('seller'), () => toast.success(messages.sellerDeleted));
  const verify = useVerifyAction(messages.sellerVerified);

  const columns: ReadonlyArray<Column<User>> = [
    ...personColumns<User>('Seller', (seller) => <SellerName seller={seller} />),
    {
      header: 'Action',
      kind: 'actions',
      // Verified and Do verify equally wide, so Delete stays in one place on every row.
      cell: (seller) => (
        <>
          {seller.verified ? (
            <Button variant="secondary" size="sm" disabled className={VERIFY_WIDTH}>
              Verified
            </Button>
          ) : (
            <Button
              size="sm"
              className={VERIFY_WIDTH}
              loading={verify.runningFor(seller.email)}
              onClick={() => verify.run(seller.email)}
            >
              Do verify
            </Button>
          )}
          <DeleteButton loading={remove.runningFor(seller._id)} onClick={() => remove.run(seller._id)} />
        </>
      ),
    },
  ];

  return (
    <TablePage
      title="All Seller"
      description="Verify sellers you trust, or remove those who break the rules."
      query={sellers}
      noun="sellers"
      emptyTitle="No register seller found"
      caption="Registered sellers"
      columns={columns}
    />
  );
}
