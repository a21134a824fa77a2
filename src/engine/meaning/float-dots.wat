;; Dot products of one query of 32-bit floats with many items of 32-bit floats, each summed in
;; 64 bits in the order of the dimensions, as JavaScript sums them (src/engine/meaning/float-dots.ts):
;; two items to a 128-bit lane pair, never two dimensions of one item, so that each item's sum is
;; the same, bit for bit, as the loop's in JavaScript.
;; dots(q, data, dims, items, out): the items transposed (dimension d of item p, a float32 at
;; data + 4 * (d * items + p)), `items` a multiple of four; out[p] (a float64 at out + 8p) = the
;; sum over d, from 0, of q[d] * item p's d, each product and sum in 64 bits.
;; `npm run wasm` assembles it into float-dots-wasm.ts (scripts/assemble-wasm.mjs).
(module
  (memory (export "memory") 1)
  (func (export "dots") (param $q i32) (param $data i32) (param $dims i32) (param $items i32) (param $out i32)
    (local $d i32) (local $row i32) (local $o i32) (local $end i32) (local $a v128) (local $x v128)
    (local.set $o (local.get $out))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $items) (i32.const 3))))
    (block $zeroed
      (loop $zero
        (br_if $zeroed (i32.ge_u (local.get $o) (local.get $end)))
        (v128.store (local.get $o) (v128.const i64x2 0 0))
        (local.set $o (i32.add (local.get $o) (i32.const 16)))
        (br $zero)))
    (local.set $row (local.get $data))
    (block $done
      (loop $dimensions
        (br_if $done (i32.ge_u (local.get $d) (local.get $dims)))
        (local.set $a (f64x2.splat (f64.promote_f32 (f32.load (i32.add (local.get $q) (i32.shl (local.get $d) (i32.const 2)))))))
        (local.set $o (local.get $out))
        (local.set $end (i32.add (local.get $row) (i32.shl (local.get $items) (i32.const 2))))
        (block $rowDone
          (loop $four
            (br_if $rowDone (i32.ge_u (local.get $row) (local.get $end)))
            (local.set $x (v128.load (local.get $row)))
            (v128.store (local.get $o)
              (f64x2.add (v128.load (local.get $o)) (f64x2.mul (local.get $a) (f64x2.promote_low_f32x4 (local.get $x)))))
            (v128.store offset=16 (local.get $o)
              (f64x2.add (v128.load offset=16 (local.get $o))
                (f64x2.mul (local.get $a)
                  (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x))))))
            (local.set $row (i32.add (local.get $row) (i32.const 16)))
            (local.set $o (i32.add (local.get $o) (i32.const 32)))
            (br $four)))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $dimensions)))))
