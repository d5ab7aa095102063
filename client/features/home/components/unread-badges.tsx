// Unread posts and comments on a card; the visible count is capped, the spoken label says what it counts.
import { FileText, MessageSquare } from 'lucide-react';
import type { UnreadCount } from '../../../../common/schemas/timeline.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { capCount } from '../../../lib/format.ts';
import { unreadLabel } from '../lib/unread.ts';

export function UnreadBadges({ unread }: { unread: UnreadCount | undefined }) {
  const posts = unread?.unreadPostCount ?? 0;
  const comments = unread?.unreadCommentCount ?? 0;
  if (posts <= 0 && comments <= 0) return null;
  return (
    <div className="flex shrink-0 gap-1">
      {posts > 0 && (
        <Badge className="border-transparent bg-blue-600 text-white" title={unreadLabel(posts, 'post')}>
          <FileText className="size-3" aria-hidden="true" />
          <span aria-hidden="true">{capCount(posts)}</span>
          <span className="sr-only">{unreadLabel(posts, 'post')}</span>
        </Badge>
      )}
      {comments > 0 && (
        <Badge
          className="border-transparent bg-emerald-700 text-white"
          title={unreadLabel(comments, 'comment')}
        >
          <MessageSquare className="size-3" aria-hidden="true" />
          <span aria-hidden="true">{capCount(comments)}</span>
          <span className="sr-only">{unreadLabel(comments, 'comment')}</span>
        </Badge>
      )}
    </div>
  );
}
