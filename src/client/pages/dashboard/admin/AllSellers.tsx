import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import type { User } from '../../../../shared/users';
import { useDeleteUser, useUsers } from '../../../api/users';
import { useVerifySeller } from '../../../api/verification';
import { VerifiedBadge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { DataTable, numberColumn, TableImage, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ALREADY_DELETED, confirmDelete } from '../confirmDelete';
import { DeleteButton } from '../DeleteButton';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';
import { ALREADY_VERIFIED } from './verifyTexts';

/** Fits 'Do verify' with its spinner, and 'Verified', so the button keeps its width. */
const VERIFY_WIDTH = 'min-w-28';

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

  const columns: ReadonlyArray<Column<User>> = [
    numberColumn,
    {
      header: 'Seller Image',
      kind: 'image',
      cell: (seller) => <TableImage src={seller.photoURL} alt={`Photo of ${seller.name}`} />,
    },
    {
      header: 'Seller Name',
      kind: 'title',
      cell: (seller) => (
        <>
          {seller.name}
          {seller.verified && (
            <span className="ml-2 inline-block align-middle">
              <VerifiedBadge />
            </span>
          )}
        </>
      ),
    },
    { header: 'Email', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (seller) => seller.email },
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
              loading={isRunningFor(verifySeller, seller.email)}
              onClick={() => verify(seller)}
            >
              Do verify
            </Button>
          )}
          <DeleteButton loading={isRunningFor(deleteSeller, seller._id)} onClick={() => void remove(seller)} />
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="All Seller" description="Verify sellers you trust, or remove those who break the rules." />
      <PagedList query={sellers} noun="sellers" emptyTitle="No register seller found">
        {(rows) => (
          <DataTable
            caption="Registered sellers"
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
