// Copy with a short-lived "Copied" indicator (spec 000 §9: 2 s).
import * as React from 'react';
import { UI_TIMING } from '../../common/limits.ts';

export function useCopyToClipboard(resetMs: number = UI_TIMING.copiedIndicatorMs) {
  const [copied, setCopied] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const copy = React.useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), resetMs);
      return true;
    },
    [resetMs],
  );
  return { copied, copy };
}
