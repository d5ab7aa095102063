// The server's refusals of a threadline that the client tells apart by their words: the threadline page
// goes home with "Timeline Not Found" or "Timeline Archived" (spec 001 §2 Route, DECISIONS §5).
export const TIMELINE_ERRORS = {
  /** 404: missing, deleted, or not the caller's. */
  notFound: 'Timeline not found',
  /** 403: what an archived threadline refuses. */
  archived: 'Timeline is archived',
} as const;

/** Ownership transfer (issue 26): accepting or withdrawing an offer that is not there. */
export const OWNERSHIP_ERRORS = {
  noOffer: 'There is no ownership offer for you here',
  noOfferToWithdraw: 'There is no ownership offer to withdraw',
} as const;
