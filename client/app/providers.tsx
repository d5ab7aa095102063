import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { RealtimeProvider } from '../lib/realtime/realtime-provider.tsx';
import { DeferredToaster } from './deferred-toaster.tsx';

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <MessagingModalProvider>
          {children}
          <DeferredToaster />
        </MessagingModalProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
