/**
 * @license
 * Copyright 2017 Google LLC
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * What `@lit/task` gives the flow, for the production bundle only (vite.config.ts aliases the import there at build
 * time; the sources, the dev server and the component tests use the package itself). A class's methods cannot be
 * tree-shaken, so this is @lit/task 1.0's `Task` with only the members the flow calls: `run()` and `abort()`,
 * `status` and `value`, `autoRun` on `args`, `onComplete`/`onError`, and `initialState`. Its logic is the package's;
 * left out are `taskComplete`, `render()`, `error`, `initialValue`, `argsEqual` and `autoRun: 'afterUpdate'`, which
 * nothing in the flow uses (about 0.4 KB gzip). The sources are type-checked against the package, so a step that
 * starts using one of those must add it here: the end-to-end tests, which run this bundle through every step, fail
 * otherwise.
 */
import { notEqual, type ReactiveControllerHost } from 'lit';

export const TaskStatus = { INITIAL: 0, PENDING: 1, COMPLETE: 2, ERROR: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

export const initialState = Symbol();

interface TaskConfig<A extends readonly unknown[], R> {
  task: (args: A, options: { signal: AbortSignal }) => R | typeof initialState | Promise<R | typeof initialState>;
  args?: () => A;
  autoRun?: boolean;
  onComplete?: (value: R) => unknown;
  onError?: (error: unknown) => unknown;
}

export class Task<A extends readonly unknown[] = readonly unknown[], R = unknown> {
  private _callId = 0;
  private _status: TaskStatus = TaskStatus.INITIAL;
  private _value?: R;
  private _previousArgs?: A;
  private _abortController?: AbortController;
  autoRun: boolean;

  constructor(
    private readonly _host: ReactiveControllerHost,
    private readonly _config: TaskConfig<A, R>,
  ) {
    _host.addController(this);
    this.autoRun = _config.autoRun ?? true;
  }

  hostUpdate(): void {
    if (this.autoRun !== true || !this._config.args) return;
    const args = this._config.args();
    const prev = this._previousArgs;
    this._previousArgs = args;
    if (args !== prev && (prev === undefined || prev.length !== args.length || args.some((v, i) => notEqual(v, prev[i])))) {
      void this.run(args);
    }
  }

  async run(args?: A): Promise<void> {
    args ??= this._config.args?.();
    this._previousArgs = args;
    if (this._status === TaskStatus.PENDING) this._abortController?.abort();
    this._status = TaskStatus.PENDING;
    this._host.requestUpdate();
    const key = ++this._callId;
    this._abortController = new AbortController();
    let result: R | typeof initialState | undefined;
    let error: unknown;
    let errored = false;
    try {
      result = await this._config.task(args as A, { signal: this._abortController.signal });
    } catch (e) {
      errored = true;
      error = e;
    }
    if (this._callId !== key) return;
    if (result === initialState) {
      this._status = TaskStatus.INITIAL;
    } else {
      try {
        if (errored) this._config.onError?.(error);
        else this._config.onComplete?.(result as R);
      } catch {
        // As in @lit/task: a throwing callback does not change the task's outcome.
      }
      this._status = errored ? TaskStatus.ERROR : TaskStatus.COMPLETE;
      this._value = result as R | undefined;
    }
    this._host.requestUpdate();
  }

  abort(reason?: unknown): void {
    if (this._status === TaskStatus.PENDING) this._abortController?.abort(reason);
  }

  get value(): R | undefined {
    return this._value;
  }

  get status(): TaskStatus {
    return this._status;
  }
}
