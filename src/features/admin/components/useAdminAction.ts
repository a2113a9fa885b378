import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#src/lib/toast.ts';

/** Runs an admin action, toasts the outcome and refreshes every admin list (and the header). */
export function useAdminAction<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
  success: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => action(...args),
    onSuccess: async () => {
      toast.success({ message: success });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
    onError: (error) => toast.error({ message: 'Not done', description: error.message }),
  });
}
