// The join outcomes' words (spec 000 §8, DECISIONS §5): the server answers them, the client shows them.
export const JOIN_MESSAGES = {
  joined: 'Joined threadline successfully!',
  pending: 'Your request is pending approval from the threadline owner.',
  alreadyMember: 'You are already a member of this threadline',
} as const;
