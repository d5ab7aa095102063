import { personName } from '../../../../../common/names.ts';
import type { Comment } from '../../../../../common/schemas/post.ts';
import { LocalTime } from '../../../../components/local-time.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { timeAgo } from '../../../../lib/format.ts';
import { LinkedText } from './linked-text.tsx';

export function CommentItem({ comment }: { comment: Comment }) {
  const name = personName(comment.author);
  return (
    <li className="flex min-w-0 gap-2">
      <UserAvatar user={comment.author} name={name} className="size-7" fallbackClassName="text-[0.65rem]" />
      <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
          <span className="min-w-0 font-semibold wrap-anywhere">{name}</span>
          <LocalTime dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {timeAgo(comment.createdAt)}
          </LocalTime>
        </p>
        <LinkedText text={comment.content} className="text-sm" />
      </div>
    </li>
  );
}
