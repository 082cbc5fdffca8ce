/**
 * The mocha globals that @web/test-runner provides in the browser, for the type checker (@types/mocha is not
 * installed). Declared as functions so that another copy elsewhere merges as overloads instead of conflicting.
 */
interface MochaContext {
  timeout(ms: number): void;
  skip(): never;
}
type MochaDone = (error?: unknown) => void;
type MochaTest = (this: MochaContext, done: MochaDone) => void | Promise<unknown>;
declare function describe(title: string, fn: (this: MochaContext) => void): void;
declare function it(title: string, fn?: MochaTest): void;
declare function before(fn: MochaTest): void;
declare function after(fn: MochaTest): void;
declare function beforeEach(fn: MochaTest): void;
declare function afterEach(fn: MochaTest): void;
