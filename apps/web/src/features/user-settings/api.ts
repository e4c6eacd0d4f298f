import type { TProfileRequest } from '@scaler/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { accountKeys } from '../accounts/api';

/** PUT /scaler/account/profile: name, avatar and language live in user_info. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileRequest) =>
      request<null>('/scaler/account/profile', { method: 'PUT', body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
