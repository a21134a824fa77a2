// Node 20's types declare no WebAssembly (TypeScript's own are in its DOM library alone): what this file uses.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

/** What every module of kernels exports: its memory. */
export interface KernelMemory {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
}

const PAGE = 65_536;

/**
 * Instances of a module of kernels (its bytes in base64, assembled by scripts/assemble-wasm.mjs),
 * compiled at the first one: each instance with a memory of its own of at least `bytes`; null
 * where WebAssembly (SIMD) is not available or no memory is left for another instance, so that the
 * caller's loops in JavaScript answer.
 */
export function kernelInstances<K extends KernelMemory>(base64: string): (bytes: number) => K | null {
  let module: object | null | undefined;
  return (bytes) => {
    if (module === undefined) {
      try {
        module = new WebAssembly.Module(Buffer.from(base64, 'base64'));
      } catch {
        module = null;
      }
    }
    if (!module) return null;
    try {
      const kernel = new WebAssembly.Instance(module).exports as K;
      const has = kernel.memory.buffer.byteLength;
      if (bytes > has) kernel.memory.grow(Math.ceil((bytes - has) / PAGE));
      return kernel;
    } catch {
      return null;
    }
  };
}
