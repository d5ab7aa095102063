// POST /api/posts (spec 001 §5, §7): text only, one uploaded file (type image, video, audio or file by its
// kind: mediaUrl, fileName, fileSize) or 2 to 10 images (a gallery: mediaUrls, fileNames, fileSizes).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POST_TYPE_BY_CATEGORY } from '../../../../common/media.ts';
import type { CreatePostBody, FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import type { FileCategory } from '../../../lib/upload/file-check.ts';
import { failureToast } from '../lib/error-toast.ts';
import { type FeedData, filterMatches, prependPost } from '../lib/feed-cache.ts';
import { refreshIfRefused } from './post-cache.ts';

/** An upload the post refers to: PUT /api/media's object path, with the name and size shown. */
export interface PostMedia {
  objectPath: string;
  fileName: string;
  size: number;
  category: FileCategory;
}

export interface NewPost {
  content: string;
  media?: readonly PostMedia[];
  /** Whom the text mentions (issue 27): ids whose "@Name" it holds. */
  mentions?: string[];
}

export const MIXED_MEDIA = 'A post takes one video, audio or document file, or up to 10 images.';

/** The createPostBody for text and media; content (and whom it mentions) only when there is some. */
export function postBody(timelineId: string, { content, media = [], mentions }: NewPost): CreatePostBody {
  const text = content.trim() ? { content, mentions } : {};
  if (media.length === 0) return { timelineId, type: 'text', ...text };
  if (media.length === 1) {
    const [file] = media as [PostMedia];
    return {
      timelineId,
      type: POST_TYPE_BY_CATEGORY[file.category],
      ...text,
      mediaUrl: file.objectPath,
      fileName: file.fileName,
      fileSize: file.size,
    };
  }
  if (media.some((m) => m.category !== 'image')) throw new Error(MIXED_MEDIA);
  return {
    timelineId,
    type: 'gallery',
    ...text,
    mediaUrls: media.map((m) => m.objectPath),
    fileNames: media.map((m) => m.fileName),
    fileSizes: media.map((m) => m.size),
  };
}

export async function createPost(body: CreatePostBody): Promise<Post> {
  const res = await apiRequest('POST', '/api/posts', body);
  return (await res.json()) as Post;
}

export function useCreatePost(timelineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(postBody(timelineId, post)),
    onSuccess: (post) => {
      // At the top of each loaded feed that lists it: no refetch, no flicker.
      for (const [key] of queryClient.getQueriesData<FeedData>({
        queryKey: timelineKeys.allPosts(timelineId),
      })) {
        const filter = key[3] as FeedFilter;
        if (filterMatches(filter, post)) queryClient.setQueryData<FeedData>(key, (d) => prependPost(d, post));
      }
    },
    onError: (error) => {
      notifyFailure(error, failureToast(error, 'Failed to create post', { preferServer: true }));
      refreshIfRefused(queryClient, timelineId, error);
    },
  });
}
