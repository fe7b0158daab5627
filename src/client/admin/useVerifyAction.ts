import toast from 'react-hot-toast';
import { useVerifySeller } from './api/verification';
import { useRowAction } from '#client/components/rowAction';

/** When the admin verifies a seller someone already verified (another tab, another admin). */
const ALREADY_VERIFIED = 'This seller is already verified';

/** Do verify, by the seller's email; `verifiedText` is the screen's own success toast. */
export function useVerifyAction(verifiedText: string) {
  return useRowAction(useVerifySeller(), {
    onDone: (changed) => (changed ? toast.success(verifiedText) : toast(ALREADY_VERIFIED)),
  });
}
