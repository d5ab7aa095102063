import { objectSrc, thumbnailUrl } from '../../common/media.ts';
import { initials, type NameParts, shownName } from '../../common/names.ts';
import { cn } from '../lib/utils.ts';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';

/**
 * Where an avatar loads from: a stored profile image (an object path, given the /objects/ prefix when it
 * lacks it) as its small thumbnail; an external picture (an OpenID provider's https URL, data:, blob:) as it is.
 */
export function avatarSrc(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  const src = objectSrc(path);
  return src.startsWith('/objects/') && !src.includes('?') ? thumbnailUrl(src) : src;
}

/**
 * A user's picture (its thumbnail when stored here), or the initials of `name`: the name shown beside
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
  const src = avatarSrc(user?.profileImageUrl);
  return (
    <Avatar className={className}>
      {src && <AvatarImage src={src} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} delayMs={src ? 300 : 0}>
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
