/** GET /api/posts/{id}/versions: refetched whenever the post's text changes. */
export const postVersionsKey = (postId: string) => ['/api/posts', postId, 'versions'] as const;
