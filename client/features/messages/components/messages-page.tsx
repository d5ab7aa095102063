import { ComingSoon } from '../../../components/page-layout.tsx';

export function MessagesPage() {
  return <ComingSoon title="Messages" description="Your direct conversations with threadline members." />;
}
