// POST /api/subscription/create {plan, billingPeriod} -> {clientSecret} (spec 000 §4, §5, §7). A query, not
// a mutation: the payment step asks for it as it opens, once even under StrictMode's double mount; the
// server answers the same secret for a repeat of the same plan and period.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSubscriptionBody } from '../../../../common/schemas/billing.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export const NO_CLIENT_SECRET = 'No client secret received';

export async function createSubscription(body: CreateSubscriptionBody): Promise<string> {
  const res = await apiRequest('POST', '/api/subscription/create', body);
  const answer = (await res.json().catch(() => null)) as { clientSecret?: unknown } | null;
  const secret = answer?.clientSecret;
  if (typeof secret !== 'string' || !secret) throw new Error(NO_CLIENT_SECRET);
  return secret;
}

export function useCreateSubscription(body: CreateSubscriptionBody) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['/api/subscription/create', body.plan, body.billingPeriod],
    queryFn: async () => {
      try {
        return await createSubscription(body);
      } finally {
        // The status is now incomplete (or a refusal says it was not what the overview showed).
        void queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus });
      }
    },
    // Gone once the step closes: choosing a plan again asks the server again.
    gcTime: 0,
    retry: false,
  });
}
