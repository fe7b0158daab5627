import toast from 'react-hot-toast';
import { messages } from '#shared/messages';
import type { ReportedProduct } from '#shared/reports';
import { useDeleteReportedProduct, useReportedProducts } from './api/reportedProducts';
import type { Column } from '#client/components/DataTable';
import { confirmDelete } from '#client/components/confirmDelete';
import { DeleteButton } from '#client/components/DeleteButton';
import { useRowAction } from '#client/components/rowAction';
import { phoneColumns } from '#client/components/phoneColumns';
import { TablePage } from '#client/components/TablePage';

export function ReportedProducts() {
  const reports = useReportedProducts();
  const remove = useRowAction(useDeleteReportedProduct(), {
    confirm: confirmDelete,
    onDone: (productDeleted) => {
      if (productDeleted) toast.success(messages.reportedProductDeleted);
    },
  });

  const columns: ReadonlyArray<Column<ReportedProduct>> = [
    ...phoneColumns<ReportedProduct>((report) => ({
      id: report.product_id,
      name: report.productName,
      image: report.productImg,
    })),
    { header: 'Seller Name', cell: (report) => report.sellerName || 'Not Found' },
    { header: 'Seller Email', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (report) => report.sellerEmail },
    {
      header: 'Seller Mobile',
      className: 'text-ink-600 tabular-nums whitespace-nowrap',
      cell: (report) => report.sellerMobile,
    },
    {
      header: 'Action',
      kind: 'actions',
      cell: (report) => <DeleteButton loading={remove.runningFor(report)} onClick={() => remove.run(report)} />,
    },
  ];

  return (
    <TablePage
      title="All Reported Mobile"
      description="Listings that buyers reported. Deleting one removes the listing from PhoneHaat."
      query={reports}
      noun="reported products"
      emptyTitle="No reported product"
      emptyDescription="When a buyer reports a listing, it shows up here."
      caption="Reported products"
      columns={columns}
    />
  );
}
