import { toast } from '#client/components/toast';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { useStartConversation } from './api/chat';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { useT } from '#client/i18n';

/** Opens the buyer's conversation with the seller about this phone (a guest logs in first). */
export function MessageSellerButton({ productId, disabled }: { productId: string; disabled: boolean }) {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const start = useStartConversation();

  const open = () => {
    if (!user) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    start.mutate(productId, {
      onSuccess: ({ _id }) => void navigate(paths.conversation(_id)),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <Button
      size="lg"
      variant="secondary"
      onClick={open}
      loading={start.isPending}
      disabled={disabled}
      className="sm:min-w-44"
    >
      {t('chat.messageSeller')}
    </Button>
  );
}
