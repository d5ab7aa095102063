// The composer (spec 001 §4, §5): text with one of a recorded file, 1 to 10 uploaded files, or nothing.
// Attachments are listed with a remove button until posted; Post is disabled with no text, no recorded file
// and no uploaded file. More than one image makes a gallery; a single file posts as its kind. A recording is
// uploaded when posting. Ctrl/Cmd+Enter posts too. "@" offers the threadline's members to mention (issue 27).
import { CircleHelp, Loader2, Mic, Paperclip, Video } from 'lucide-react';
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../../common/limits.ts';
import { UPLOAD, UPLOAD_LIMITS } from '../../../../../common/media.ts';
import type { UploadedFile } from '../../../../components/media/upload-dialog.tsx';
import { useMentionField } from '../../../../components/mention-field.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { useAuth } from '../../../../lib/auth.ts';
import { serverMessage } from '../../../../lib/authUtils.ts';
import { notifyFailure } from '../../../../lib/failure-toast.ts';
import { groupDigits } from '../../../../lib/format.ts';
import { lazyDialog } from '../../../../lib/lazy-dialog.tsx';
import { lazyNamed } from '../../../../lib/lazy-named.ts';
import type { RecordingKind } from '../../../../lib/recording/limits.ts';
import { ALL_CATEGORIES, type FileCategory, fileCategory } from '../../../../lib/upload/file-check.ts';
import { PROCESS_ERROR_TITLE, UPLOAD_ERROR_TITLE } from '../../../../lib/upload/messages.ts';
import { toast } from '../../../../lib/use-toast.ts';
import { cn } from '../../../../lib/utils.ts';
import { MIXED_MEDIA, type PostMedia, useCreatePost } from '../../api/create-post.ts';
import { useMentionCandidates } from '../../hooks/use-mention-candidates.ts';
import type { Recorded } from './composer-attachments.tsx';

// The dialogs (and the image compressor behind the upload dialog) load when first opened.
const UploadDialog = lazyNamed(
  () => import('../../../../components/media/upload-dialog.tsx'),
  'UploadDialog',
);
const MediaRecorderDialog = lazyNamed(
  () => import('../../../../components/media/media-recorder-dialog.tsx'),
  'MediaRecorderDialog',
);
// The attachment list loads with the first dialog that can attach something.
const ComposerAttachments = lazyNamed(() => import('./composer-attachments.tsx'), 'ComposerAttachments');
const MediaHelpDialog = lazyDialog(
  async () => (await import('../../../../components/media/media-help-dialog.tsx')).MediaHelpDialog,
);

const LIMIT = TEXT_LIMITS.post;
const EMPTY_POST = 'Please enter some content or add media';
/** Uploaded is not shared (issue 25): the dialog's last step and the attachment list say what comes next. */
export const ATTACHED_HINT = 'Attached: press Post to share';

/** Only images may share a post: one video, audio or document file stands alone (spec 001 §5). */
export function mixedMediaRefusal(files: readonly { category: FileCategory }[]): string | null {
  return files.length > 1 && files.some((f) => f.category !== 'image') ? MIXED_MEDIA : null;
}

export function PostComposer({ timelineId }: { timelineId: string }) {
  const { user } = useAuth();
  const [text, setText] = React.useState('');
  const [uploaded, setUploaded] = React.useState<UploadedFile[]>([]);
  const [recorded, setRecorded] = React.useState<Recorded | null>(null);
  const [sending, setSending] = React.useState<{ loaded: number; total: number } | null>(null);
  const [dialog, setDialog] = React.useState<'upload' | 'help' | RecordingKind | null>(null);
  // Lazy dialogs stay mounted once loaded, so they close (and give focus back) like the others.
  const [loaded, setLoaded] = React.useState({ upload: false, recorder: false });
  const [recordKind, setRecordKind] = React.useState<RecordingKind>('video');
  const create = useCreatePost(timelineId);
  const id = React.useId();
  const counterId = React.useId();
  const hintId = React.useId();
  const textareaRef = React.useRef<HTMLTextAreaElement>(null);
  const uploadButtonRef = React.useRef<HTMLButtonElement>(null);
  const listRef = React.useRef<HTMLUListElement>(null);
  const postRef = React.useRef<HTMLButtonElement>(null);
  const mention = useMentionField(textareaRef, {
    value: text,
    onValue: setText,
    candidates: useMentionCandidates(timelineId),
  });

  const empty = text.trim().length === 0;
  const hasMedia = uploaded.length > 0 || recorded !== null;
  const busy = create.isPending || sending !== null;
  const nearLimit = text.length >= LIMIT * 0.9;
  const onlyImages = uploaded.length > 0;
  const canUpload =
    !recorded &&
    uploaded.length < UPLOAD.maxFilesPerPost &&
    uploaded.every((f) => f.category === 'image') &&
    !busy;
  const canRecord = !hasMedia && !busy;

  const open = (next: 'upload' | 'help' | RecordingKind) => {
    if (next === 'upload') setLoaded((l) => ({ ...l, upload: true }));
    if (next === 'video' || next === 'audio') {
      setRecordKind(next);
      setLoaded((l) => ({ ...l, recorder: true }));
    }
    setDialog(next);
  };
  const onOpenChange = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const reset = () => {
    setText('');
    setUploaded([]);
    setRecorded(null);
  };

  const uploadRecording = async (rec: Recorded): Promise<PostMedia | null> => {
    if (rec.uploaded) return rec.uploaded;
    setSending({ loaded: 0, total: rec.file.size });
    try {
      // The upload client loads with the first recording posted, not with the page.
      const { uploadFile } = await import('../../../../lib/upload/upload-file.ts');
      const result = await uploadFile(rec.file, {
        category: rec.category,
        onProgress: (loaded, total) => setSending({ loaded, total }),
      });
      const media = {
        objectPath: result.objectPath,
        fileName: rec.file.name,
        size: result.size,
        category: rec.category,
      };
      setRecorded((r) => (r?.file === rec.file ? { ...r, uploaded: media } : r));
      return media;
    } catch (error) {
      // FinalizeError (by name: the class lives in the lazily loaded module).
      const processing = error instanceof Error && error.name === 'FinalizeError';
      notifyFailure(error, {
        title: processing ? PROCESS_ERROR_TITLE : UPLOAD_ERROR_TITLE,
        description: serverMessage(error) ?? 'Please try again.',
      });
      return null;
    } finally {
      setSending(null);
    }
  };

  const submit = async () => {
    if (busy) return;
    if (empty && !hasMedia) {
      // Only Ctrl/Cmd+Enter gets here: the Post button is disabled.
      toast({ title: 'Error', description: EMPTY_POST, variant: 'destructive' });
      return;
    }
    let media: PostMedia[] = uploaded;
    if (recorded) {
      const one = await uploadRecording(recorded);
      if (!one) return;
      media = [one];
    }
    create.mutate(
      { content: text, media, mentions: mention.ids(text) },
      {
        onSuccess: () => {
          // Post is disabled once the composer is empty: focus would fall to the page. It goes to the text,
          // ready for the next post, unless the user has moved on meanwhile.
          const active = document.activeElement;
          if (!active || active === document.body || active === postRef.current) textareaRef.current?.focus();
          reset();
        },
      },
    );
  };

  const remove = (index: number | 'recorded') => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = index === 'recorded' ? 0 : index;
    if (index === 'recorded') setRecorded(null);
    else setUploaded((files) => files.filter((_, i) => i !== index));
    // Focus moves to the next attachment's remove button, else back to the text.
    const next = buttons[at + 1] ?? buttons[at - 1];
    requestAnimationFrame(() => (next?.isConnected ? next : textareaRef.current)?.focus());
  };

  return (
    <Card className="p-4 sm:p-5">
      <form
        className="grid grid-cols-1 gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex min-w-0 gap-3">
          <UserAvatar user={user} self className="hidden size-10 sm:flex" fallbackClassName="text-sm" />
          <div className="relative min-w-0 flex-1">
            <label htmlFor={id} className="sr-only">
              Write a post
            </label>
            <Textarea
              ref={textareaRef}
              id={id}
              value={text}
              rows={3}
              maxLength={LIMIT}
              aria-describedby={counterId}
              placeholder="Share something with the threadline..."
              className="field-sizing-content max-h-[50vh] min-h-20 resize-none"
              onChange={(e) => setText(e.target.value)}
              onInput={mention.onInput}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
            {mention.list}
          </div>
        </div>

        {hasMedia && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {ATTACHED_HINT}
          </p>
        )}
        {(loaded.upload || loaded.recorder) && (
          <React.Suspense fallback={null}>
            <ComposerAttachments
              uploaded={uploaded}
              recorded={recorded}
              busy={busy}
              sending={sending}
              hintId={hintId}
              listRef={listRef}
              onRemove={remove}
            />
          </React.Suspense>
        )}

        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
          <div className="flex min-w-0 flex-wrap items-center gap-1">
            <ToolButton
              ref={uploadButtonRef}
              icon={Paperclip}
              label="Upload Files"
              disabled={!canUpload}
              onClick={() => open('upload')}
            />
            <ToolButton
              icon={Video}
              label="Record Video"
              disabled={!canRecord}
              onClick={() => open('video')}
            />
            <ToolButton icon={Mic} label="Record Audio" disabled={!canRecord} onClick={() => open('audio')} />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label="Media upload help"
              title="Media upload help"
              onClick={() => open('help')}
            >
              <CircleHelp aria-hidden="true" />
            </Button>
          </div>
          <div className="ml-auto flex items-center gap-3">
            <p
              id={counterId}
              className={cn('text-xs tabular-nums text-muted-foreground', nearLimit && 'text-amber-800')}
            >
              {groupDigits(text.length)} / {groupDigits(LIMIT)}
              <span className="sr-only"> characters</span>
            </p>
            {/* aria-disabled while sending, not disabled: focus stays on the button it pressed. */}
            <Button
              ref={postRef}
              type="submit"
              disabled={empty && !hasMedia && !busy}
              aria-disabled={busy || undefined}
              className="aria-disabled:opacity-60"
            >
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              Post
            </Button>
          </div>
        </div>
      </form>

      {loaded.upload && (
        <React.Suspense fallback={null}>
          <UploadDialog
            open={dialog === 'upload'}
            onOpenChange={onOpenChange}
            title={onlyImages ? 'Add Images' : 'Upload Files'}
            description={
              onlyImages
                ? `Add images to the gallery (up to ${UPLOAD.galleryMax} in all).`
                : `Attach one video, audio or document file, or up to ${UPLOAD.maxFilesPerPost} images.`
            }
            categories={onlyImages ? ['image'] : ALL_CATEGORIES}
            maxFiles={UPLOAD.maxFilesPerPost - uploaded.length}
            maxFileSize={UPLOAD_LIMITS.video}
            validateSelection={(files) => mixedMediaRefusal([...uploaded, ...files])}
            nextStep={ATTACHED_HINT}
            onComplete={(files) =>
              setUploaded((current) => [...current, ...files].slice(0, UPLOAD.maxFilesPerPost))
            }
            onCloseAutoFocus={(event) => {
              // The opener may be disabled now (a document, or 10 images): focus the attachments instead.
              if (uploadButtonRef.current?.disabled) {
                event.preventDefault();
                (listRef.current?.querySelector('button') ?? textareaRef.current)?.focus();
              }
            }}
          />
        </React.Suspense>
      )}
      {loaded.recorder && (
        <React.Suspense fallback={null}>
          <MediaRecorderDialog
            open={dialog === 'video' || dialog === 'audio'}
            onOpenChange={onOpenChange}
            kind={recordKind}
            onSave={(file) =>
              setRecorded({ file, category: fileCategory(file) ?? recordKind, uploaded: null })
            }
          />
        </React.Suspense>
      )}
      <MediaHelpDialog open={dialog === 'help'} onOpenChange={onOpenChange} />
    </Card>
  );
}

const ToolButton = React.forwardRef<
  HTMLButtonElement,
  {
    icon: React.ComponentType<{ className?: string }>;
    label: string;
    disabled: boolean;
    onClick: () => void;
  }
>(({ icon: Icon, label, disabled, onClick }, ref) => (
  // The label is visible from 640 px; narrower, the icon shows and the label stays the button's name.
  <Button
    ref={ref}
    type="button"
    variant="ghost"
    size="sm"
    className="px-2.5"
    title={label}
    disabled={disabled}
    onClick={onClick}
  >
    <Icon aria-hidden="true" />
    <span className="sr-only sm:not-sr-only">{label}</span>
  </Button>
));
ToolButton.displayName = 'ToolButton';
