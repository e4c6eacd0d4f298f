import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Only a network failure is worth one more try; the server's answers are final.
        retry: (count, error) => error instanceof ApiError && error.kind === 'network' && count < 1,
      },
    },
  });
}

export const queryClient = createQueryClient();
