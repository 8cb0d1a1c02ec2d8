/**
 * Runs `task` every `everyMs` while the server listens (and once `firstAfterMs` after starting, when given),
 * never two runs at once; a failed run is reported and the next one comes as usual. Returns the stop.
 */
export function repeatWhileListening(
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
  { everyMs, firstAfterMs }: { everyMs: number; firstAfterMs?: number },
) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = firstAfterMs === undefined ? undefined : setTimeout(run, firstAfterMs);
  const timer = setInterval(run, everyMs);
  first?.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
