// Where a post's media shows, by post type (spec 001 §2-§3): an image or a gallery (thumbnails, the full
// image in the lightbox), a video or audio player, or a file row. Text posts and tombstones have none.
import { objectSrc } from '../../../../../common/media.ts';
import type { Post } from '../../../../../common/schemas/post.ts';
import { FileAttachment } from '../../../../components/media/file-attachment.tsx';
import { ImageGallery } from '../../../../components/media/image-gallery.tsx';
import { AudioPlayer, VideoPlayer } from '../../../../components/media/media-player.tsx';

export interface PostMediaItem {
  url: string;
  thumbnailUrl: string | null;
  largeUrl: string | null;
  contentType: string | null;
  width: number | null;
  height: number | null;
  fileName: string | null;
  fileSize: number | null;
}

/**
 * A post's attachments in order, with paths ready to use: mediaUrl(s) with their names and sizes, and what
 * the server found (`media`: type, dimensions, thumbnail) at the same index.
 */
export function postMediaItems(post: Post): PostMediaItem[] {
  const urls = post.mediaUrls ?? (post.mediaUrl ? [post.mediaUrl] : []);
  const names = post.fileNames ?? (post.fileName ? [post.fileName] : []);
  const sizes = post.fileSizes ?? (post.fileSize != null ? [post.fileSize] : []);
  return urls.map((path, i) => {
    const info = post.media?.[i];
    return {
      url: objectSrc(info?.url ?? path),
      thumbnailUrl: info?.thumbnailUrl ? objectSrc(info.thumbnailUrl) : null,
      largeUrl: info?.largeUrl ? objectSrc(info.largeUrl) : null,
      contentType: info?.contentType ?? null,
      width: info?.width ?? null,
      height: info?.height ?? null,
      fileName: names[i] ?? null,
      fileSize: sizes[i] ?? null,
    };
  });
}

export function PostAttachments({ post }: { post: Post }) {
  if (post.deletedAt || post.type === 'text') return null;
  const items = postMediaItems(post);
  const first = items[0];
  if (!first) return null;

  switch (post.type) {
    case 'image':
    case 'gallery':
      return <ImageGallery images={items} />;
    case 'video':
      return (
        <VideoPlayer src={first.url} width={first.width} height={first.height} fileName={first.fileName} />
      );
    case 'audio':
      return <AudioPlayer src={first.url} fileName={first.fileName} />;
    case 'file':
      return (
        <div className="grid min-w-0 gap-2">
          {items.map((item) => (
            <FileAttachment
              key={item.url}
              url={item.url}
              fileName={item.fileName ?? fileNameOf(item.url)}
              fileSize={item.fileSize}
            />
          ))}
        </div>
      );
    default:
      return null;
  }
}

/** A name for a file posted without one: the last part of its path. */
const fileNameOf = (url: string) => url.split('?')[0]!.split('/').pop() || 'File';
