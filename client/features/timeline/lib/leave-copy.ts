// The Leave Timeline confirmation text (spec 001 §2 Dialogs).

/** What stays, what is lost, and how to come back: approval when required, else the same join code. */
export function leaveDescription(name: string, joinApprovalRequired: boolean): string {
  const rejoin = joinApprovalRequired
    ? 'To rejoin, you will need to request access again and wait for the owner’s approval.'
    : 'You can rejoin later with the same join code.';
  return `Are you sure you want to leave "${name}"? Your posts and comments will stay, but you will lose access to this threadline. ${rejoin}`;
}
