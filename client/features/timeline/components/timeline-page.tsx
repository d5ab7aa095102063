import { ComingSoon } from '../../../components/page-layout.tsx';

export function TimelinePage({ id: _id }: { id: string }) {
  return <ComingSoon title="Threadline" description="Posts, comments and members of this threadline." />;
}
