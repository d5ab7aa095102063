// What follows a payment attempt (spec 000 §4, §8), the same for every provider: success refreshes the
// status and the current user (the plan shows in the header menu and on the dashboard) before the page
// returns to its overview; failure says why in the provider's words.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export const PAYMENT_FAILED = 'Payment Failed';
const FALLBACK_FAILURE = 'Your payment could not be completed.';

/** How long a Stripe payment waits for its webhook to activate the plan: the attempts and the pause between. */
export const WEBHOOK_WAIT = { attempts: 10, intervalMs: 1000 };

/**
 * Stripe activates the plan through its webhook, a moment after the card is confirmed. Until then the status
 * still says incomplete, and the overview would offer Reset to Free Plan on a paid subscription: read it
 * again for a few seconds (a slow webhook later reaches the status the next time it is read).
 */
async function waitUntilNotIncomplete(queryClient: QueryClient) {
  for (let attempt = 0; attempt < WEBHOOK_WAIT.attempts; attempt++) {
    const status = await queryClient
      .fetchQuery<SubscriptionStatus>({ queryKey: timelineKeys.subscriptionStatus, staleTime: 0 })
      .catch(() => null);
    if (status && status.subscriptionStatus?.status !== 'incomplete') return;
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_WAIT.intervalMs));
  }
}

export function usePaymentOutcome(onPaid: () => void) {
  const queryClient = useQueryClient();
  // The last failure's words, shown in the form itself (issue 25): a toast goes away before it is read.
  const [error, setError] = React.useState<string | null>(null);
  return {
    error,
    /** A new attempt starts: the old failure no longer applies. */
    clear: () => setError(null),
    /** `viaWebhook`: the provider's server side learns of the payment later (Stripe), so wait for it. */
    async succeeded({ viaWebhook = false }: { viaWebhook?: boolean } = {}) {
      if (viaWebhook) await waitUntilNotIncomplete(queryClient);
      toast({ title: 'Payment Successful', description: 'You are now subscribed!' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
      onPaid();
    },
    /** `error`: a failed call (its server message is shown) or the provider's own message. */
    failed(error: unknown) {
      const description =
        (typeof error === 'string' ? error : (serverMessage(error) ?? FALLBACK_FAILURE)) || FALLBACK_FAILURE;
      if (!isUnauthorizedError(error)) setError(description);
      notifyFailure(error, { title: PAYMENT_FAILED, description });
    },
  };
}
