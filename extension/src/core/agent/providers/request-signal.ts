// One AbortSignal per model request, following the turn's. The SDKs (and undici
// under them) add abort listeners to the signal they are given and never remove
// them, so handing them the turn's own signal would grow its listener list by three
// every request (a 200-step turn: 600). Each request gets a child signal instead,
// dropped with the request; the turn's signal holds one listener at a time.
interface RequestSignal {
  signal: AbortSignal;
  dispose(): void;
}

function requestSignal(parent: AbortSignal): RequestSignal {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const onAbort = (): void => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => parent.removeEventListener('abort', onAbort) };
}

/**
 * A provider's `stream()` over its per-request body: the body gets the child signal,
 * which is released when the stream ends, throws or is abandoned by its consumer.
 */
export async function* streamWithRequestSignal<T>(
  parent: AbortSignal,
  body: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncIterable<T> {
  const link = requestSignal(parent);
  try {
    yield* body(link.signal);
  } finally {
    link.dispose();
  }
}
