/** Dates leave the server as ISO 8601 strings; absent ones as null. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
