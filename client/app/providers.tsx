import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { RealtimeProvider } from '../lib/realtime/realtime-provider.tsx';
import { DeferredToaster } from './deferred-toaster.tsx';

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Outside the socket's provider: its notification card opens the modal on a new message. */}
      <MessagingModalProvider>
        <RealtimeProvider>
          {children}
          <DeferredToaster />
        </RealtimeProvider>
      </MessagingModalProvider>
    </QueryClientProvider>
  );
}
