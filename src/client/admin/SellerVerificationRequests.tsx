import { useUnverifiedSellers, type UnverifiedSeller } from './api/verification';
import { Button } from '#client/components/Button';
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
        <Button size="sm" loading={verify.runningFor(seller.email)} onClick={() => verify.run(seller.email)}>
          <Msg id="admin.doVerify" />
        </Button>
      ),
    },
  ];

  return (
    <TablePage
      title={t('admin.verification.title')}
      description={t('admin.verification.description')}
      query={requests}
      noun={t('admin.verification.noun')}
      showing="admin.verification.showing"
      emptyTitle={t('admin.verification.empty')}
      caption={t('admin.verification.caption')}
      columns={columns}
    />
  );
}
