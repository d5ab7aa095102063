import { imageSrc, initials, type NameParts, shownName } from '../../common/names.ts';
import { cn } from '../lib/utils.ts';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';

/**
 * A user's picture (with the /objects/ prefix when missing), or the initials of `name`: the name shown beside
 * the avatar, the user's own shown name by default.
 */
export function UserAvatar({
  user,
  name = shownName(user),
  className,
  fallbackClassName,
}: {
  user: (NameParts & { profileImageUrl?: string | null }) | null | undefined;
  name?: string;
  className?: string;
  fallbackClassName?: string;
}) {
  const src = imageSrc(user?.profileImageUrl);
  return (
    <Avatar className={className}>
      {src && <AvatarImage src={src} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} delayMs={src ? 300 : 0}>
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
