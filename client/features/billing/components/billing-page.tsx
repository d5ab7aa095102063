import { ComingSoon } from '../../../components/page-layout.tsx';

export function BillingPage() {
  return (
    <ComingSoon
      title="Billing & Subscription"
      description="Your plan, usage and upgrades will be managed here."
    />
  );
}
