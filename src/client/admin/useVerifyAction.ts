import { toast } from '#client/components/toast';
import { useVerifySeller } from './api/verification';
import { useRowAction } from '#client/components/rowAction';
import { useT } from '#client/i18n';

/**
 * Do verify, by the seller's email; `verifiedText` is the screen's own success toast. A seller
 * someone already verified (another tab, another admin) gets a quieter note.
 */
export function useVerifyAction(verifiedText: string) {
  const t = useT();
  return useRowAction(useVerifySeller(), {
    onDone: (changed) => (changed ? toast.success(verifiedText) : toast(t('admin.alreadyVerified'))),
  });
}
