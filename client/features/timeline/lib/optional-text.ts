// Block reasons and response messages are optional and trimmed; empty ones are omitted (spec 001 §5).

/** `{[key]: trimmed}` when there is text, else no body at all. */
export function optionalTextBody<K extends string>(
  key: K,
  text: string | undefined,
): Record<K, string> | undefined {
  const trimmed = text?.trim();
  return trimmed ? ({ [key]: trimmed } as Record<K, string>) : undefined;
}
