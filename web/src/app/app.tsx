import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRouter } from './router';
import { createQueryClient } from '../lib/query-client';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}
