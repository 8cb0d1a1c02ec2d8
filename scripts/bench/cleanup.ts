/**
 * Everything the bench starts (database, servers, browsers, child processes) registers how to stop it
 * here, so a failure or Ctrl-C still leaves nothing running.
 */
type Task = () => void | Promise<void>;

const tasks: Task[] = [];

/** Registers a stop task; call the returned function once the thing was stopped normally. */
export function onCleanup(task: Task): () => void {
  tasks.push(task);
  return () => {
    const index = tasks.lastIndexOf(task);
    if (index >= 0) tasks.splice(index, 1);
  };
}

/** Runs every registered task, newest first; one failing task does not keep the others from running. */
export async function cleanUp(): Promise<void> {
  for (let task = tasks.pop(); task; task = tasks.pop()) {
    try {
      await task();
    } catch (error) {
      console.error(`Cleanup: ${(error as Error).message}`);
    }
  }
}

const EXIT_CODES: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export function cleanUpOnSignals() {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\nReceived ${signal}: stopping everything the bench started.`);
      void cleanUp().finally(() => process.exit(EXIT_CODES[signal]));
    });
  }
}

/** Rejects when `promise` takes longer than `ms`; `onTimeout` may stop the work behind it. */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
