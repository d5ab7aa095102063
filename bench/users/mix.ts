// What the simulated users of bench/users.ts do: relative weights of their actions.
/** Relative weights of the actions (sum 100). */
export const MIX = {
  openThreadline: 24, // GET /api/timelines/:id, GET .../posts, POST .../mark-viewed
  scroll: 14, // GET .../posts?cursor= (the next page)
  readComments: 10, // GET /api/posts/:id/comments
  post: 6, // POST /api/posts
  comment: 10, // POST /api/comments
  react: 10, // POST /api/reactions
  message: 6, // POST /api/conversations/:id/messages, then GET .../messages
  search: 6, // GET /api/timelines/:id/search?q=
  dashboard: 14, // GET /api/user/timelines, .../unread-counts, /api/conversations/unread-count
} as const;
export type Action = keyof typeof MIX;
