export const ROLES = ['owner', 'moderator', 'participant', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ['moderator', 'participant', 'viewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Sort order for the dashboard's "my-role" option. */
export const ROLE_RANK: Record<Role, number> = { owner: 0, moderator: 1, participant: 2, viewer: 3 };

export const TIMELINE_STATES = ['active', 'archived', 'deleted'] as const;
export type TimelineState = (typeof TIMELINE_STATES)[number];
