/** A scripted fetch and a recording sleep for the API tests: no network, no clock. */
export type Step = Response | Error | ((init: RequestInit) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  calls: Array<{ url: string; init: RequestInit }>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function errorBody(status: number, code: string, fields: unknown[] = []): unknown {
  return { error: { status, code, message: code, fields } };
}

/** Answers each call with the next scripted step; the last step repeats. */
export function fakeFetch(...steps: Step[]): FakeFetch {
  const calls: FakeFetch['calls'] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    calls.push({ url: String(input), init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(init);
    return step.clone();
  };
  return { fetch: fn as typeof fetch, calls };
}

export function fakeSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    },
  };
}
