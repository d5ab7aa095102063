import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '../../../../../common/plans.ts';
import type { UploadDialogProps, UploadedFile } from '../../../../components/media/upload-dialog.tsx';
import { Toaster } from '../../../../components/ui/toaster.tsx';
import { createQueryClient } from '../../../../lib/queryClient.ts';
import { timelineKeys } from '../../../../lib/timeline-keys.ts';
import type { FileCategory } from '../../../../lib/upload/file-check.ts';
import { fileOf, json, objectPath, stubFetch, stubXhr } from '../../../../lib/upload/test-fakes.ts';
import { toast } from '../../../../lib/use-toast.ts';
import { button, cleanup, render, typeInto, waitFor } from '../../../home/test/render.tsx';
import { MIXED_MEDIA, postBody } from '../../api/create-post.ts';
import { AUTHOR, AUTHOR_OWNER, ME, makePost, makeTimeline } from '../../lib/test-posts.ts';
import { ATTACHED_HINT, mixedMediaRefusal, PostComposer } from './post-composer.tsx';

vi.mock('../../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

// The dialogs have their own tests: here they hand over what the test puts in `next`.
const next = vi.hoisted(() => ({
  uploads: [] as unknown[],
  recording: null as File | null,
  props: null as unknown,
}));
vi.mock('../../../../components/media/upload-dialog.tsx', () => ({
  UploadDialog: (props: UploadDialogProps) => {
    next.props = props;
    if (!props.open) return null;
    return (
      <div role="dialog" aria-label="Upload Files">
        <button
          type="button"
          onClick={() => {
            props.onComplete(next.uploads as UploadedFile[], { compression: null });
            props.onOpenChange(false);
          }}
        >
          Finish upload
        </button>
      </div>
    );
  },
}));
vi.mock('../../../../components/media/media-recorder-dialog.tsx', () => ({
  MediaRecorderDialog: (props: {
    open: boolean;
    onOpenChange: (o: boolean) => void;
    onSave: (f: File) => void;
  }) =>
    props.open ? (
      <div role="dialog" aria-label="Recorder">
        <button
          type="button"
          onClick={() => {
            props.onSave(next.recording!);
            props.onOpenChange(false);
          }}
        >
          Save take
        </button>
      </div>
    ) : null,
}));

const TIMELINE = '00000000-0000-4000-a000-000000000001';
const uploadedFile = (name: string, category: FileCategory, id = name): UploadedFile => ({
  ...objectPath(id, 1234, category === 'image' ? 'image/jpeg' : 'application/pdf'),
  fileName: name,
  category,
});

let posts: unknown[] = [];
let postAnswer: () => Response | Promise<Response> = () => json(makePost(), 201);

beforeEach(() => {
  vi.mocked(toast).mockClear();
  posts = [];
  postAnswer = () => json(makePost(), 201);
  next.uploads = [];
  next.recording = null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(
  extra: (url: string, method: string, body: unknown) => Response | undefined = () => undefined,
) {
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/auth/user') return json(null, 401);
    if (method === 'POST' && url === '/api/posts') {
      posts.push(body);
      return postAnswer();
    }
    return extra(url, method, body) ?? json({ message: 'Not found' }, 404);
  });
}

function mount() {
  const { container } = render(
    <>
      <PostComposer timelineId={TIMELINE} />
      <Toaster />
    </>,
  );
  return container;
}

const post = (c: HTMLElement) => button(c, 'Post')!;
const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description]);
const labelled = (label: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);

async function attach(c: HTMLElement, files: UploadedFile[]) {
  next.uploads = files;
  await act(async () => button(c, 'Upload Files')!.click());
  await waitFor(() => expect(button(document.body, 'Finish upload')).toBeTruthy());
  act(() => button(document.body, 'Finish upload')!.click());
  // The list's code loads with the first dialog (the page's first load has none of it).
  await waitFor(() => expect(c.querySelector('[aria-label="Attachments"]')).not.toBeNull());
}

describe('postBody', () => {
  const media = (n: number, category: FileCategory = 'image') =>
    Array.from({ length: n }, (_, i) => ({
      objectPath: `/objects/uploads/${i}`,
      fileName: `${i}.jpg`,
      size: i,
      category,
    }));

  it('text, a single file by its kind, and a gallery of images', () => {
    expect(postBody(TIMELINE, { content: 'Hi' })).toEqual({
      timelineId: TIMELINE,
      type: 'text',
      content: 'Hi',
    });
    expect(postBody(TIMELINE, { content: '  ', media: media(1, 'document') })).toEqual({
      timelineId: TIMELINE,
      type: 'file',
      mediaUrl: '/objects/uploads/0',
      fileName: '0.jpg',
      fileSize: 0,
    });
    expect(postBody(TIMELINE, { content: '', media: media(1, 'video') }).type).toBe('video');
    expect(postBody(TIMELINE, { content: '', media: media(1, 'audio') }).type).toBe('audio');
    expect(postBody(TIMELINE, { content: '', media: media(1) }).type).toBe('image');
    expect(postBody(TIMELINE, { content: 'Trip', media: media(3) })).toEqual({
      timelineId: TIMELINE,
      type: 'gallery',
      content: 'Trip',
      mediaUrls: ['/objects/uploads/0', '/objects/uploads/1', '/objects/uploads/2'],
      fileNames: ['0.jpg', '1.jpg', '2.jpg'],
      fileSizes: [0, 1, 2],
    });
    expect(() => postBody(TIMELINE, { content: '', media: [...media(1), ...media(1, 'document')] })).toThrow(
      MIXED_MEDIA,
    );
  });

  it('mixedMediaRefusal lets images share a post, nothing else', () => {
    expect(mixedMediaRefusal([{ category: 'image' }, { category: 'image' }])).toBeNull();
    expect(mixedMediaRefusal([{ category: 'video' }])).toBeNull();
    expect(mixedMediaRefusal([{ category: 'image' }, { category: 'audio' }])).toBe(MIXED_MEDIA);
  });
});

describe('PostComposer', () => {
  it('Post is disabled with no text and no media; text posts as before', async () => {
    server();
    const c = mount();
    expect(post(c).disabled).toBe(true);
    // Ctrl+Enter in an empty box says what is missing.
    act(() => {
      c.querySelector('textarea')!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }),
      );
    });
    expect(toasts()).toContainEqual(['Error', 'Please enter some content or add media']);
    expect(posts).toHaveLength(0);
    typeInto(c.querySelector('textarea')!, 'Hello');
    expect(post(c).disabled).toBe(false);
    await act(async () => post(c).click());
    await waitFor(() => expect(posts).toEqual([{ timelineId: TIMELINE, type: 'text', content: 'Hello' }]));
    await waitFor(() => expect(c.querySelector('textarea')!.value).toBe(''));
  });

  it('posts a single uploaded document as a file post without text, then clears', async () => {
    server();
    const c = mount();
    await attach(c, [uploadedFile('report.pdf', 'document', 'r1')]);
    const list = c.querySelector('[aria-label="Attachments"]')!;
    expect(list.textContent).toContain('report.pdf');
    expect(list.textContent).toContain('1.2 KB');
    expect(post(c).disabled).toBe(false);
    // A document stands alone: no more uploads, no recording.
    expect(button(c, 'Upload Files')!.disabled).toBe(true);
    expect(button(c, 'Record Video')!.disabled).toBe(true);
    await act(async () => post(c).click());
    await waitFor(() =>
      expect(posts).toEqual([
        {
          timelineId: TIMELINE,
          type: 'file',
          mediaUrl: '/objects/uploads/r1',
          fileName: 'report.pdf',
          fileSize: 1234,
        },
      ]),
    );
    await waitFor(() => expect(c.querySelector('[aria-label="Attachments"]')).toBeNull());
  });

  it('makes a gallery of several images; more can be added, images only, up to 10', async () => {
    server();
    const c = mount();
    await attach(c, [uploadedFile('a.jpg', 'image'), uploadedFile('b.jpg', 'image')]);
    expect(button(c, 'Upload Files')!.disabled).toBe(false);
    await attach(c, [uploadedFile('c.jpg', 'image')]);
    const props = next.props as UploadDialogProps;
    expect(props.categories).toEqual(['image']);
    expect(props.maxFiles).toBe(7);
    expect(props.validateSelection?.([{ name: 'x.pdf', category: 'document' }])).toBe(MIXED_MEDIA);
    typeInto(c.querySelector('textarea')!, 'Holiday');
    await act(async () => post(c).click());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      type: 'gallery',
      content: 'Holiday',
      mediaUrls: ['/objects/uploads/a.jpg', '/objects/uploads/b.jpg', '/objects/uploads/c.jpg'],
      fileNames: ['a.jpg', 'b.jpg', 'c.jpg'],
    });
  });

  it('lists attachments with the next step, tells the dialog to say it, and keeps focus in the composer after Post', async () => {
    server();
    const c = mount();
    await attach(c, [uploadedFile('a.jpg', 'image'), uploadedFile('b.jpg', 'image')]);
    expect((next.props as UploadDialogProps).nextStep).toBe(ATTACHED_HINT);
    const list = c.querySelector('[aria-label="Attachments"]')!;
    const hint = document.getElementById(list.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('Attached: press Post to share');
    // An image shows its thumbnail; each row its name and a named remove button.
    expect(list.querySelector('img')!.getAttribute('src')).toContain('/objects/uploads/a.jpg?variant=');
    expect(labelled('Remove a.jpg')).toBeTruthy();
    expect(list.textContent).toContain('b.jpg');
    act(() => labelled('Remove b.jpg')!.click());
    // The focus moves to the attachment left (on the next frame): only then does the keyboard go on to Post.
    // Pressed before that frame, Post lost the focus to it under load.
    await waitFor(() => expect(document.activeElement).toBe(labelled('Remove a.jpg')));
    // While the post is on its way, Post keeps focus (aria-disabled, not disabled); then the text has it.
    let answer: (r: Response) => void = () => {};
    postAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    act(() => {
      post(c).focus();
      post(c).click();
    });
    await waitFor(() => expect(post(c).getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(post(c));
    await act(async () => answer(json(makePost(), 201)));
    await waitFor(() => expect(c.querySelector('[aria-label="Attachments"]')).toBeNull());
    expect(document.activeElement).toBe(c.querySelector('textarea'));
    expect(post(c).disabled).toBe(true);
  });

  it('removes attachments before posting; focus moves to the next one, then the text', async () => {
    server();
    const c = mount();
    await attach(c, [uploadedFile('a.jpg', 'image'), uploadedFile('b.jpg', 'image')]);
    const removeA = labelled('Remove a.jpg')!;
    act(() => {
      removeA.focus();
      removeA.click();
    });
    await waitFor(() => expect(document.activeElement).toBe(labelled('Remove b.jpg')));
    act(() => labelled('Remove b.jpg')!.click());
    await waitFor(() => expect(document.activeElement).toBe(c.querySelector('textarea')));
    expect(c.querySelector('[aria-label="Attachments"]')).toBeNull();
    expect(post(c).disabled).toBe(true);
  });

  it('uploads a recorded video when posting and posts it as a video', async () => {
    const calls = server((url, method, body) => {
      if (url === '/api/objects/upload') return json({ uploadURL: '/api/objects/put/v1?sig=1' });
      if (method === 'PUT' && url === '/api/media') {
        expect(body).toEqual({ mediaURL: '/api/objects/put/v1?sig=1' });
        return json(objectPath('v1', 2048, 'video/webm'));
      }
      return undefined;
    });
    const puts = stubXhr({ status: 200 });
    next.recording = fileOf('recording-20260101-120000.webm', 2048, 'video/webm');
    const c = mount();
    await act(async () => button(c, 'Record Video')!.click());
    await waitFor(() => expect(button(document.body, 'Save take')).toBeTruthy());
    act(() => button(document.body, 'Save take')!.click());
    await waitFor(() =>
      expect(c.querySelector('[aria-label="Attachments"]')?.textContent).toContain('Recorded video'),
    );
    expect(button(c, 'Upload Files')!.disabled).toBe(true);
    expect(post(c).disabled).toBe(false);
    await act(async () => post(c).click());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(calls.find((x) => x.url === '/api/objects/upload')?.body).toMatchObject({ category: 'video' });
    expect(puts[0]!.headers['Content-Type']).toBe('video/webm');
    expect(posts[0]).toEqual({
      timelineId: TIMELINE,
      type: 'video',
      mediaUrl: '/objects/uploads/v1',
      fileName: 'recording-20260101-120000.webm',
      fileSize: 2048,
    });
  });

  it('a recording that fails to upload says "Failed to upload media file" and posts nothing', async () => {
    server((url) =>
      url === '/api/objects/upload' ? json({ message: PLAN_LIMIT_MESSAGES.storage }, 413) : undefined,
    );
    next.recording = fileOf('voice.webm', 10, 'audio/webm');
    const c = mount();
    await act(async () => button(c, 'Record Audio')!.click());
    await waitFor(() => expect(button(document.body, 'Save take')).toBeTruthy());
    act(() => button(document.body, 'Save take')!.click());
    await waitFor(() =>
      expect(c.querySelector('[aria-label="Attachments"]')?.textContent).toContain('Recorded audio'),
    );
    await act(async () => post(c).click());
    await waitFor(() =>
      expect(toasts()).toContainEqual(['Failed to upload media file', PLAN_LIMIT_MESSAGES.storage]),
    );
    expect(posts).toHaveLength(0);
    // The recording is still there to try again.
    expect(c.querySelector('[aria-label="Attachments"]')!.textContent).toContain('voice.webm');
  });

  it('a refused finalise of the recording says "Failed to process uploaded file(s)"', async () => {
    server((url, method) => {
      if (url === '/api/objects/upload') return json({ uploadURL: '/api/objects/put/v1?sig=1' });
      if (method === 'PUT') return json({ message: 'Upload not found' }, 404);
      return undefined;
    });
    stubXhr({ status: 200 });
    next.recording = fileOf('voice.webm', 10, 'audio/webm');
    const c = mount();
    await act(async () => button(c, 'Record Audio')!.click());
    await waitFor(() => expect(button(document.body, 'Save take')).toBeTruthy());
    act(() => button(document.body, 'Save take')!.click());
    await act(async () => post(c).click());
    await waitFor(() =>
      expect(toasts()).toContainEqual(['Failed to process uploaded file(s)', 'Upload not found']),
    );
  });

  it('a refused post shows the server message (else "Failed to create post") and keeps the attachments', async () => {
    server();
    postAnswer = () => json({ message: PLAN_LIMIT_MESSAGES.storage }, 413);
    const c = mount();
    await attach(c, [uploadedFile('a.jpg', 'image')]);
    await act(async () => post(c).click());
    await waitFor(() => expect(toasts()).toContainEqual(['Error', PLAN_LIMIT_MESSAGES.storage]));
    expect(c.querySelector('[aria-label="Attachments"]')!.textContent).toContain('a.jpg');
    postAnswer = () => new Response('', { status: 500 });
    await act(async () => post(c).click());
    await waitFor(() => expect(toasts()).toContainEqual(['Error', 'Failed to create post']));
  });

  it('opens the help dialog', async () => {
    server();
    const c = mount();
    act(() => labelled('Media upload help')!.click());
    await waitFor(() => expect(document.body.textContent).toContain('Media Upload Features'));
    void c;
  });

  it('"@" offers the members but oneself, from the page\'s cache (no request); a pick is sent by id', async () => {
    const calls = server();
    const queryClient = createQueryClient();
    const me = { userId: ME.id, role: 'participant' as const, joinedAt: '2026-01-02T00:00:00Z' };
    queryClient.setQueryData(timelineKeys.detail(TIMELINE), {
      timeline: makeTimeline(),
      member: me,
      members: [AUTHOR_OWNER, { ...me, user: { ...ME, bio: null } }],
    });
    const { container: c } = render(<PostComposer timelineId={TIMELINE} />, { queryClient });
    const field = c.querySelector('textarea')!;
    act(() => field.focus());
    typeInto(field, 'Look @');
    await waitFor(() => expect(c.querySelector('[role="listbox"]')).not.toBeNull());
    const options = [...c.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.lastElementChild?.textContent)).toEqual(['Ada Lovelace']);
    act(() => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(field.value).toBe('Look @Ada Lovelace ');
    await act(async () => post(c).click());
    await waitFor(() =>
      expect(posts).toEqual([
        { timelineId: TIMELINE, type: 'text', content: 'Look @Ada Lovelace ', mentions: [AUTHOR.id] },
      ]),
    );
    expect(calls.filter((x) => x.url.startsWith('/api/timelines'))).toEqual([]);
  });
});
