/**
 * What `lit/decorators.js` gives the flow, for the production bundle only (vite.config.ts aliases the import there
 * at build time; the sources, the dev server and the tests use Lit's own). The flow compiles decorators the legacy
 * way (`experimentalDecorators`, TOOLCHAIN.md), so Lit's branches for standard decorators (accessors, setters,
 * metadata) can never run: these are Lit's legacy branches alone, the same calls in the same order, without the
 * rest (about 0.3 KB gzip on the first screen).
 */
import type { PropertyDeclaration, ReactiveElement } from 'lit';

type Proto = ReactiveElement & { constructor: typeof ReactiveElement };

/** Lit's `property()` for a legacy field decorator: declares the reactive property on the class. */
export function property(options?: PropertyDeclaration) {
  return (proto: object, name: PropertyKey): PropertyDescriptor | undefined => {
    const own = Object.prototype.hasOwnProperty.call(proto, name);
    (proto as Proto).constructor.createProperty(name, options);
    return own ? Object.getOwnPropertyDescriptor(proto, name) : undefined;
  };
}

/** Lit's `state()`: an internal reactive property, never an attribute. */
export function state(options?: { hasChanged?(value: unknown, oldValue: unknown): boolean }) {
  return property({ ...options, state: true, attribute: false });
}

/** Lit's `customElement()` for a legacy class decorator. */
export function customElement(tagName: string) {
  return (constructor: CustomElementConstructor): void => {
    customElements.define(tagName, constructor);
  };
}
