// One request to an undici pool, answered as its status and its whole body as text. undici's `request` wraps every
// answer in a stream and parses every header into an object; a search reads no header and its body at once, so
// here the chunks are only gathered (docs/speed.md, "Where the unmetered call's CPU goes").
import type { Dispatcher } from 'undici';

export interface Answer {
  statusCode: number;
  body: string;
}

/** What a cancelled exchange rejects with: the signal's reason, or a plain error when it gave none. */
const cancelled = (signal: AbortSignal) => signal.reason ?? new Error('The request was aborted.');

/** `options` as `Dispatcher.dispatch` takes them (timeouts included); `signal` cancels it. */
export function exchange(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(signal));
    let statusCode = 0;
    const chunks: Buffer[] = [];
    // undici hands over the means to abort once the request is under way: until then the signal is only noted.
    let abort: ((reason: Error) => void) | undefined;
    const onAbort = () => abort?.(cancelled(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    const settled = () => signal?.removeEventListener('abort', onAbort);
    dispatcher.dispatch(options, {
      onConnect(abortRequest) {
        if (signal?.aborted) abortRequest(cancelled(signal));
        else abort = abortRequest;
      },
      // A 1xx is not the answer: the final status follows it.
      onHeaders(status) {
        if (status >= 200) statusCode = status;
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        settled();
        const body = chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks).toString();
        resolve({ statusCode, body });
      },
      onError(error) {
        settled();
        reject(error);
      },
    });
  });
}
