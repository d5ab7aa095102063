import { objectSrc, thumbnailUrl } from '../../common/media.ts';
import { avatarInitials, type NameParts } from '../../common/names.ts';
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
 * A user's picture (its thumbnail when stored here), or their initials by the one rule every avatar follows
 * (common/names.ts avatarInitials). `self`: the signed-in user's own avatar, which may fall back to their e-mail.
 */
export function UserAvatar({
  user,
  self = false,
  className,
  fallbackClassName,
}: {
  user: (NameParts & { profileImageUrl?: string | null }) | null | undefined;
  self?: boolean;
  className?: string;
  fallbackClassName?: string;
}) {
  const src = avatarSrc(user?.profileImageUrl);
  return (
    <Avatar className={className}>
      {src && <AvatarImage src={src} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} delayMs={src ? 300 : 0}>
        {avatarInitials(user, { self })}
      </AvatarFallback>
    </Avatar>
  );
}
