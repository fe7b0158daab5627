import { useMutation } from '@tanstack/react-query';
import { toast } from '#client/components/toast';
import type { AccountMessage } from '#shared/account';

/** An account call that answers a message (mail sent, sessions ended): the message is the toast, as is a refusal. */
export const useMessageCall = (call: () => Promise<AccountMessage>) =>
  useMutation({
    mutationFn: call,
    onSuccess: ({ message }) => toast.success(message),
    onError: (error) => toast.error(error.message),
  });
