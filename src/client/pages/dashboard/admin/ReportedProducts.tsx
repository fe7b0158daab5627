import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import type { ReportedProduct } from '../../../../shared/reports';
import { useDeleteReportedProduct, useReportedProducts } from '../../../api/reportedProducts';
import { DataTable, TableImage } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { confirmDelete } from '../confirmDelete';
import { DeleteButton } from '../DeleteButton';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';

export function ReportedProducts() {
  const reports = useReportedProducts();
  const deleteReported = useDeleteReportedProduct();

  async function remove(report: ReportedProduct) {
    if (!(await confirmDelete())) return;
    deleteReported.mutate(report, {
      onSuccess: (productDeleted) => {
        if (productDeleted) toast.success(messages.reportedProductDeleted);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <>
      <PageHeader
        title="All Reported Mobile"
        description="Listings that buyers reported. Deleting one removes the listing from PhoneHaat."
      />
      <PagedList
        query={reports}
        noun="reported products"
        emptyTitle="No reported product"
        emptyDescription="When a buyer reports a listing, it shows up here."
      >
        {(rows) => (
          <DataTable caption="Reported products" hideCaption className="[&_table]:min-w-[56rem]">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Product Image</th>
                <th scope="col">Product Name</th>
                <th scope="col">Seller Name</th>
                <th scope="col">Seller Email</th>
                <th scope="col">Seller Mobile</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((report, index) => (
                <tr key={report._id}>
                  <td className="text-ink-500 tabular-nums">{index + 1}</td>
                  <td>
                    <TableImage src={report.productImg} alt={`Photo of ${report.productName}`} />
                  </td>
                  <td className="font-medium whitespace-nowrap text-ink-900">{report.productName}</td>
                  <td className="whitespace-nowrap">{report.sellerName || 'Not Found'}</td>
                  <td className="whitespace-nowrap text-ink-600">{report.sellerEmail}</td>
                  <td className="text-ink-600 tabular-nums whitespace-nowrap">{report.sellerMobile}</td>
                  <td>
                    <DeleteButton
                      loading={isRunningFor(deleteReported, report)}
                      onClick={() => void remove(report)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
