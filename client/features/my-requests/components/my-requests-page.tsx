import { ComingSoon } from '../../../components/page-layout.tsx';

export function MyRequestsPage() {
  return <ComingSoon title="My Join Requests" description="The requests you sent to join threadlines." />;
}
