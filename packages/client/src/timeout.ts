/*
 * The signal of one attempt: aborted by the caller's signal or by the
 * attempt's timeout. The two end differently (caller: its own reason, rethrown
 * as is; timeout: TimeoutError): transport.ts tells them apart by whether the
 * caller's signal is aborted.
 *
 * Built by hand rather than with AbortSignal.timeout/any: those are missing in
 * older browsers, leave listeners on long-lived caller signals, and ignore fake
 * timers in tests.
 */

export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** Clears the timer and the listener on the caller's signal. Call when the attempt ends. */
  dispose(): void;
}

/** `timeoutMs` of 0 or `Infinity` means no timeout. */
export function attemptSignal(caller: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, { once: true });

  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          controller.abort(new DOMException(`No response within ${timeoutMs} ms`, "TimeoutError"));
        }, timeoutMs)
      : undefined;

  return {
    signal: controller.signal,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/**
 * Settles with `work`, or rejects with the signal's reason as soon as it
 * aborts: a custom fetch (an in-process handler, a mock), a token function or
 * a hook may ignore the signal, and the timeout must hold anyway. Work that
 * answers at once (a token string, no hook) cannot hang, so it is not raced.
 */
export function raceAbort<T>(work: () => T | PromiseLike<T>, signal: AbortSignal): T | Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  const result = work();
  if (!isThenable(result)) return result;
  const promise = Promise.resolve(result);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {}); // the loser's late rejection is expected; keep it from surfacing as unhandled
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
