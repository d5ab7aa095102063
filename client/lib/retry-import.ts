// A chunk fetched while the server restarts or the network is gone fails; React.lazy would then throw into
// the tree and, with nothing to catch it, unmount the whole page (seen: the realtime state gone from <html>
// after a restart). Code fetched later is instead asked for again until it comes: after 1, 2, 4 and 8 s,
// then every 15 s, and at once when the browser is back online. Chromium fetches a failed dynamic import
// again (checked on 156), so a later attempt can succeed. Kept small: the landing's entry carries it.

const DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];

/** `load()` until it resolves; never rejects. */
export function retryImport<T>(load: () => Promise<T>, failures = 0): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const again = () => {
          clearTimeout(timer);
          removeEventListener('online', again);
          resolve(retryImport(load, failures + 1));
        };
        const timer = setTimeout(again, DELAYS_MS[Math.min(failures, 4)]);
        addEventListener('online', again);
      }),
  );
}
