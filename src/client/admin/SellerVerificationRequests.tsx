import { useUnverifiedSellers, type UnverifiedSeller } from './api/verification';
import { RowActionButton } from '#client/components/RowActionButton';
import type { Column } from '#client/components/DataTable';
import { TablePage } from '#client/components/TablePage';
import { personColumns } from './personColumns';
import { useVerifyAction } from './useVerifyAction';
import { Msg, useT } from '#client/i18n';

export function SellerVerificationRequests() {
  const t = useT();
  const requests = useUnverifiedSellers();
  const verify = useVerifyAction(t('admin.verification.success'));

  const columns: ReadonlyArray<Column<UnverifiedSeller>> = [
    ...personColumns<UnverifiedSeller>(t, 'seller'),
    {
      header: t('admin.action'),
      kind: 'actions',
      cell: (seller) => (
        <RowActionButton action={verify} row={seller.email}>
          <Msg id="admin.doVerify" />
        </RowActionButton>
      ),
    },
  ];

  return <TablePage texts="admin.verification" query={requests} columns={columns} />;
}
