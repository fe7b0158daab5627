import { toast } from '#client/components/toast';
import type { ReportedProduct } from '#shared/reports';
import { useDeleteReportedProduct, useReportedProducts } from './api/reportedProducts';
import type { Column } from '#client/components/DataTable';
import { confirmDelete } from '#client/components/confirmDelete';
import { DeleteButton } from '#client/components/DeleteButton';
import { useRowAction } from '#client/components/rowAction';
import { phoneColumns } from '#client/components/phoneColumns';
import { TablePage } from '#client/components/TablePage';
import { useT } from '#client/i18n';
import { useModerationLabels } from '#client/moderation/labels';

export function ReportedProducts() {
  const t = useT();
  const labels = useModerationLabels();
  const reports = useReportedProducts();
  const remove = useRowAction(useDeleteReportedProduct(), {
    confirm: confirmDelete,
    onDone: (productDeleted) => {
      if (productDeleted) toast.success(t('admin.reported.deleted'));
    },
  });

  const columns: ReadonlyArray<Column<ReportedProduct>> = [
    ...phoneColumns<ReportedProduct>((report) => ({
      id: report.product_id,
      name: report.productName,
      image: report.productImg,
    })),
    {
      header: t('admin.person.sellerName'),
      cell: (report) =>
        report.sellerName ? <span translate="no">{report.sellerName}</span> : t('admin.reported.notFound'),
    },
    {
      header: t('admin.reported.reason'),
      cell: (report) => (
        <>
          {labels.reportReason(report.reason, report.reasonLabel)}
          {report.note && (
            <span className="block text-ink-500" translate="no">
              {report.note}
            </span>
          )}
        </>
      ),
    },
    {
      header: t('admin.reported.sellerEmail'),
      className: 'text-ink-600 @4xl:whitespace-nowrap',
      cell: (report) => <span translate="no">{report.sellerEmail}</span>,
    },
    {
      header: t('admin.reported.sellerMobile'),
      className: 'text-ink-600 tabular-nums whitespace-nowrap',
      cell: (report) => report.sellerMobile,
    },
    {
      header: t('admin.action'),
      kind: 'actions',
      cell: (report) => <DeleteButton action={remove} row={report} />,
    },
  ];

  return (
    <TablePage
      texts="admin.reported"
      query={reports}
      emptyDescription={t('admin.reported.emptyDescription')}
      columns={columns}
    />
  );
}
