import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { DeferredToaster } from './deferred-toaster.tsx';

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MessagingModalProvider>
        {children}
        <DeferredToaster />
      </MessagingModalProvider>
    </QueryClientProvider>
  );
}
