import { kernelInstances, type KernelMemory } from '../wasm-kernels.js';
import { FLOAT_DOTS_WASM } from './float-dots-wasm.js';

/**
 * A fixed set of dense rows (a pool) that many queries are compared with, one at a time: each
 * query's dot product with every row of the pool, each summed in 64 bits in the order of the
 * dimensions, the same bit for bit in WebAssembly SIMD (float-dots.wat: two rows to a lane pair,
 * the pool transposed so that a dimension of four rows is one load) as in JavaScript's loop.
 * Written by hand, for no package computes dot products in WebAssembly with JavaScript's order of
 * sums: a kernel of about twenty instructions.
 */
interface Kernel extends KernelMemory {
  dots(query: number, data: number, dims: number, items: number, out: number): void;
}

/** A fresh instance of the kernels with a memory of at least the bytes given; null where WebAssembly SIMD is not available. */
const instance = kernelInstances<Kernel>(FLOAT_DOTS_WASM);

export class FloatPool {
  /** Each pool row's dot product with the last row asked (`dotsOfRow`). */
  readonly out: Float64Array;
  private readonly kernel: Kernel | null;
  private readonly query: Float32Array | null = null;
  private readonly at = { query: 0, out: 0, data: 0 };
  private readonly padded: number;

  /**
   * The rows `pool` names of `flat` (`dims` floats a row, side by side), laid out once; in
   * JavaScript's memory where `inWasm` is false or WebAssembly is not available.
   */
  constructor(
    private readonly flat: Float32Array,
    private readonly dims: number,
    private readonly pool: readonly number[],
    inWasm = true,
  ) {
    this.padded = Math.ceil(pool.length / 4) * 4;
    this.at.out = Math.ceil((dims * 4) / 16) * 16;
    this.at.data = this.at.out + this.padded * 8;
    const end = this.at.data + dims * this.padded * 4;
    const kernel = inWasm ? instance(end) : null;
    this.kernel = kernel;
    if (!kernel) {
      this.out = new Float64Array(pool.length);
      return;
    }
    const buffer = kernel.memory.buffer;
    this.query = new Float32Array(buffer, this.at.query, dims);
    this.out = new Float64Array(buffer, this.at.out, pool.length);
    const data = new Float32Array(buffer, this.at.data, dims * this.padded);
    pool.forEach((row, p) => {
      for (let d = 0; d < dims; d++) data[d * this.padded + p] = flat[row * dims + d]!;
    });
  }

  /** Whether the kernel runs in WebAssembly (false: the loop in JavaScript). */
  get inWasm(): boolean {
    return this.kernel !== null;
  }

  /** Into `out`: the dot product of row `i` of the rows given (pooled or not) with each pool row. */
  dotsOfRow(i: number): void {
    const { flat, dims } = this;
    if (this.kernel) {
      this.query!.set(flat.subarray(i * dims, (i + 1) * dims));
      this.kernel.dots(this.at.query, this.at.data, dims, this.padded, this.at.out);
      return;
    }
    const a = flat.subarray(i * dims, (i + 1) * dims);
    for (let p = 0; p < this.pool.length; p++) {
      let s = 0;
      for (let d = 0, at = this.pool[p]! * dims; d < dims; d++, at++) s += a[d]! * flat[at]!;
      this.out[p] = s;
    }
  }
}
