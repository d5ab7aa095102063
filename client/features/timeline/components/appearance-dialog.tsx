// Appearance (DECISIONS §9): the owner's cover image, accent colour and icon, on Pro and Community. A free
// owner sees the upgrade card instead of the form (with billing off every owner has the form).
import * as React from 'react';
import type { AccentColor } from '../../../../common/appearance.ts';
import { PLAN_LIMITS } from '../../../../common/plans.ts';
import { isSingleEmoji } from '../../../../common/schemas/post.ts';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { UpgradeCard } from '../../../components/upgrade-card.tsx';
import { useAuth, useMeta } from '../../../lib/auth.ts';
import { errorBody, serverMessage } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { useUpdateAppearance } from '../api/update-appearance.ts';
import { AccentPalette } from './accent-palette.tsx';
import { CoverField } from './cover-field.tsx';
import { IconSuggestions } from './icon-suggestions.tsx';

export const ICON_SUGGESTIONS = ['🌱', '📚', '🎉', '🚀', '🎨', '⚽', '🎵', '🏡', '💼', '🍳', '✈️', '❤️'];

export function AppearanceDialog({
  open,
  onOpenChange,
  timeline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
}) {
  const { user } = useAuth();
  const { data: meta } = useMeta();
  // The server's 403 planUpgradeRequired also turns the form into the card (a plan changed meanwhile).
  const [refused, setRefused] = React.useState(false);
  const planLacks =
    !!meta && meta.billingProvider !== 'off' && !!user && !PLAN_LIMITS[user.plan].customization;
  const gated = planLacks || (refused && meta?.billingProvider !== 'off');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader className="pr-8">
          <DialogTitle>Appearance</DialogTitle>
          <DialogDescription>
            A cover image, an accent colour and an icon for "{timeline.name}".
          </DialogDescription>
        </DialogHeader>
        {gated ? (
          <UpgradeCard feature="customization" />
        ) : (
          <AppearanceForm
            timeline={timeline}
            onDone={() => onOpenChange(false)}
            onRefused={() => setRefused(true)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AppearanceForm({
  timeline,
  onDone,
  onRefused,
}: {
  timeline: TimelineDetail;
  onDone: () => void;
  onRefused: () => void;
}) {
  const saved = timeline.appearance;
  const [cover, setCover] = React.useState<string | null>(saved?.coverImageUrl ?? null);
  const [accent, setAccent] = React.useState<AccentColor | null>(saved?.accentColor ?? null);
  const [icon, setIcon] = React.useState(saved?.icon ?? '');
  const [uploading, setUploading] = React.useState(false);
  const [iconTouched, setIconTouched] = React.useState(false);
  const save = useUpdateAppearance(timeline.id);
  const trimmed = icon.trim();
  const iconError = trimmed && !isSingleEmoji(trimmed) ? 'Enter exactly one emoji' : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setIconTouched(true);
    if (iconError || uploading) return;
    save.mutate(
      { coverImageUrl: cover, accentColor: accent, icon: trimmed || null },
      {
        onSuccess: () => {
          toast({ title: 'Appearance saved' });
          onDone();
        },
        onError: (error) => {
          if (errorBody(error)?.planUpgradeRequired === true) return onRefused();
          toast({
            title: 'Failed to save appearance',
            description: serverMessage(error) ?? 'Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const busy = save.isPending;
  const showIconError = iconTouched && iconError;
  return (
    <form className="grid min-w-0 gap-5" onSubmit={submit} noValidate>
      <CoverField value={cover} onChange={setCover} onBusy={setUploading} disabled={busy} />
      <AccentPalette value={accent} onChange={setAccent} disabled={busy} />
      <div className="grid gap-2">
        <Label htmlFor="appearance-icon">Icon</Label>
        <Input
          id="appearance-icon"
          value={icon}
          onChange={(event) => setIcon(event.target.value)}
          onBlur={() => setIconTouched(true)}
          placeholder="One emoji"
          autoComplete="off"
          className="w-36 text-lg"
          disabled={busy}
          aria-invalid={showIconError ? true : undefined}
          aria-describedby={
            showIconError ? 'appearance-icon-hint appearance-icon-error' : 'appearance-icon-hint'
          }
        />
        <p id="appearance-icon-hint" className="text-xs text-muted-foreground">
          One emoji, shown beside the name. Type one or pick one; leave empty for none.
        </p>
        {showIconError && (
          <p id="appearance-icon-error" role="alert" className="text-sm text-destructive">
            {iconError}
          </p>
        )}
        <IconSuggestions icons={ICON_SUGGESTIONS} value={trimmed} disabled={busy} onPick={setIcon} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || uploading}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
