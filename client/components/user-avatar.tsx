import { imageSrc, initials, type NameParts } from '../../common/names.ts';
import { cn } from '../lib/utils.ts';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';

/** A user's picture (with the /objects/ prefix when missing), or up to two initials. */
export function UserAvatar({
  user,
  className,
  fallbackClassName,
}: {
  user: (NameParts & { profileImageUrl?: string | null }) | null | undefined;
  className?: string;
  fallbackClassName?: string;
}) {
  const src = imageSrc(user?.profileImageUrl);
  return (
    <Avatar className={className}>
      {src && <AvatarImage src={src} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} delayMs={src ? 300 : 0}>
        {initials(user)}
      </AvatarFallback>
    </Avatar>
  );
}
