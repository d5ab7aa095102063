// The cover image: uploaded through the usual upload flow (upload URL, the bytes, PUT /api/media) as soon as
// it is chosen, shown as a preview, and saved with the rest of the form. Images only, at most 10 MB.
import { ImagePlus, Loader2, X } from 'lucide-react';
import * as React from 'react';
import { UPLOAD_LIMITS } from '../../../../common/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/authUtils.ts';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
const MAX_MB = Math.round(UPLOAD_LIMITS.image / (1024 * 1024));

/** Why `file` cannot be a cover, or null. */
export function coverFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPT.split(',').includes(file.type)) return 'Choose a JPEG, PNG, GIF or WebP image';
  if (file.size > UPLOAD_LIMITS.image) return `The image is too large: at most ${MAX_MB} MB`;
  return null;
}

export function CoverField({
  value,
  onChange,
  onBusy,
  disabled,
}: {
  value: string | null;
  onChange: (objectPath: string | null) => void;
  onBusy: (busy: boolean) => void;
  disabled?: boolean;
}) {
  const input = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = coverFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    onBusy(true);
    try {
      const { uploadFile } = await import('../../../lib/upload/upload-file.ts');
      onChange((await uploadFile(file, { category: 'image' })).objectPath);
    } catch (err) {
      setError(serverMessage(err) ?? 'The image could not be uploaded. Please try again.');
    } finally {
      setUploading(false);
      onBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-labelledby="cover-heading" className="grid gap-2">
      <h3 id="cover-heading" className="text-sm font-medium">
        Cover image
      </h3>
      {value ? (
        <img
          src={value}
          alt="Cover preview"
          className="h-28 w-full max-w-full rounded-lg border border-border bg-muted object-cover"
        />
      ) : (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          No cover image. It shows as a banner on the threadline and its dashboard card.
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="hidden"
        data-testid="cover-input"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || uploading}
          onClick={() => input.current?.click()}
          aria-describedby="cover-hint"
        >
          {uploading ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus aria-hidden="true" />
          )}
          {uploading ? 'Uploading…' : value ? 'Change image' : 'Choose image'}
        </Button>
        {value && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled || uploading}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
            Remove cover
          </Button>
        )}
      </div>
      <p id="cover-hint" className="text-xs text-muted-foreground">
        JPEG, PNG, GIF or WebP, at most {MAX_MB} MB.
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
