import type { TProfileRequest } from '@scaler/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../api/client';
import { useInvalidate } from '../../api/invalidation';

/** PUT /scaler/account/profile: name, avatar and language live in user_info. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: TProfileRequest) =>
      request<null>('/scaler/account/profile', { method: 'PUT', body, silent: true }),
    onSuccess: useInvalidate('profile.update'),
  });
}
