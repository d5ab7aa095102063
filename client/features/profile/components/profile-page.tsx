// /profile: Edit Profile (spec 000 §2): the avatar with a camera button that uploads a picture (one image,
// at most 5 MB), the profile form, the account information, then the account's sections (DECISIONS §10).
import { ArrowLeft, Camera } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { PROFILE_IMAGE_MAX_BYTES, TEXT_LIMITS } from '../../../../common/limits.ts';
import { shownName } from '../../../../common/names.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import type { Finalize } from '../../../lib/upload/upload-file.ts';
import { PROFILE_IMAGE_ERROR, useProfileImageUploaded } from '../api/profile-image.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

// The dialog (and the image compressor behind it) loads when the camera button is first used.
const UploadDialog = lazyNamed(() => import('../../../components/media/upload-dialog.tsx'), 'UploadDialog');
const finalizeProfileImage: Finalize = async (url, signal) =>
  (await import('../../../lib/upload/upload-file.ts')).finalizeProfileImage(url, signal);

const MAX_IMAGE_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

/** The account feature's parts, which the router passes in (features do not import each other). */
interface ProfilePageProps {
  /** Under the heading: the unconfirmed-address notice (it draws nothing once confirmed). */
  notice?: React.ReactNode;
  /** After the account information: the notification preferences (issue 27). */
  notifications?: React.ReactNode;
  /** After the account information: the account's settings (address, password, devices, data). */
  sections?: React.ReactNode;
}

export function ProfilePage({ notice, notifications, sections }: ProfilePageProps) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  return (
    <SignedInLayout title="Edit Profile" className="max-w-2xl">
      <Button variant="ghost" className="-ml-3 mb-4" onClick={() => navigate('/')}>
        <ArrowLeft aria-hidden="true" />
        Back to Threadlines
      </Button>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Edit Profile</h1>
      {/* The notice draws only while the address is unconfirmed; its chunk starts loading with this page's
          (router.tsx). The form waits for it in one boundary: drawn first, it would be pushed down under the
          pointer when the notice came. */}
      <React.Suspense fallback={null}>
        {notice}
        {user && <ProfileCards user={user} />}
      </React.Suspense>
      {/* Their own chunks: they come a moment later (together: one boundary), below everything else, so
          nothing moves. */}
      {(notifications || sections) && (
        <React.Suspense fallback={null}>
          <div className="mt-6 grid gap-6">
            {notifications}
            {sections}
          </div>
        </React.Suspense>
      )}
    </SignedInLayout>
  );
}

function ProfileCards({ user }: { user: CurrentUser }) {
  const [displayName, setDisplayName] = React.useState(user.displayName ?? '');
  const [bio, setBio] = React.useState(user.bio ?? '');
  const update = useUpdateProfile();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      { displayName, bio },
      {
        onSuccess: (saved) => {
          setDisplayName(saved.displayName ?? '');
          setBio(saved.bio ?? '');
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How other members see you in threadlines and messages.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
            <ProfilePicture user={user} />
            <div className="min-w-0 max-w-full text-center sm:text-left">
              <p className="wrap-anywhere font-semibold">{shownName(user)}</p>
              <p id="profile-image-limit" className="text-sm text-muted-foreground">
                Maximum file size: {MAX_IMAGE_MB}MB
              </p>
            </div>
          </div>

          <form className="grid gap-5" onSubmit={onSubmit}>
            <div className="grid gap-2">
              <Label htmlFor="profile-display-name">Display Name</Label>
              <Input
                id="profile-display-name"
                name="displayName"
                placeholder="How should others see your name?"
                maxLength={TEXT_LIMITS.displayName}
                value={displayName}
                onChange={(e) => setDisplayName(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-bio">Bio</Label>
              <Textarea
                id="profile-bio"
                name="bio"
                rows={3}
                placeholder="Tell others a bit about yourself... (optional)"
                maxLength={TEXT_LIMITS.bio}
                aria-describedby="profile-bio-count"
                value={bio}
                onChange={(e) => setBio(e.target.value)}
              />
              <p id="profile-bio-count" className="text-right text-xs text-muted-foreground">
                {bio.length}/{TEXT_LIMITS.bio}
              </p>
            </div>
            <div>
              <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
                <PendingLabel pending={update.isPending} label="Save Profile" pendingLabel="Saving..." />
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Account Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-sm text-muted-foreground">Email</dt>
              <dd className="wrap-anywhere font-medium">{user.email ?? '—'}</dd>
            </div>
            {user.firstName && (
              <div className="min-w-0">
                <dt className="text-sm text-muted-foreground">First Name</dt>
                <dd className="wrap-anywhere font-medium">{user.firstName}</dd>
              </div>
            )}
            {user.lastName && (
              <div className="min-w-0">
                <dt className="text-sm text-muted-foreground">Last Name</dt>
                <dd className="wrap-anywhere font-medium">{user.lastName}</dd>
              </div>
            )}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

/** The avatar with its camera button: one image of at most 5 MB, sent as the avatar category. */
function ProfilePicture({ user }: { user: CurrentUser }) {
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);
  const uploaded = useProfileImageUploaded();
  return (
    <div className="relative">
      <UserAvatar user={user} self className="size-24" fallbackClassName="text-2xl" />
      <Button
        type="button"
        size="icon"
        className="absolute -right-1 -bottom-1 size-9 rounded-full border-2 border-card"
        aria-label="Change profile picture"
        aria-describedby="profile-image-limit"
        title="Change profile picture"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Camera aria-hidden="true" />
      </Button>
      {loaded && (
        <React.Suspense fallback={null}>
          <UploadDialog
            open={open}
            onOpenChange={setOpen}
            title="Profile Picture"
            description={`Choose an image for your profile. Maximum file size: ${MAX_IMAGE_MB}MB`}
            categories={['image']}
            uploadCategory="avatar"
            maxFiles={1}
            maxFileSize={PROFILE_IMAGE_MAX_BYTES}
            finalize={finalizeProfileImage}
            uploadErrorTitle={PROFILE_IMAGE_ERROR}
            processErrorTitle={PROFILE_IMAGE_ERROR}
            announceComplete={false}
            onComplete={(_files, { compression }) => void uploaded(compression)}
          />
        </React.Suspense>
      )}
    </div>
  );
}
