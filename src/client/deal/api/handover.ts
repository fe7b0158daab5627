import type { NotAsDescribedRequest } from '#shared/trust';
import { api, enc } from '#client/api/http';
import { useRefreshAllMutation } from '#client/api/refreshAll';

/** POST /bookings/{id}/not-as-described: the buyer reports the phone against one listed item (docs/trust.md). */
function reportNotAsDescribed({ bookingId, report }: { bookingId: string; report: NotAsDescribedRequest }) {
  return api<{ acknowledged: boolean }>(`/bookings/${enc(bookingId)}/not-as-described`, {
    method: 'POST',
    body: report,
    auth: true,
  });
}

export const useReportNotAsDescribed = () => useRefreshAllMutation(reportNotAsDescribed);
