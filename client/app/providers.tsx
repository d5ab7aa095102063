import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { queryClient } from '../lib/queryClient.ts';

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MessagingModalProvider>
        {children}
        <Toaster />
      </MessagingModalProvider>
    </QueryClientProvider>
  );
}
