;; Dot products of one query with many vectors of signed bytes, and how many signs differ
;; (src/engine/search/int8-dots.ts). The items are those at `data`, item g's bytes from
;; data + g * step (its signs from data + 4 * g * words); with `idx` 0 the kernel reads items 0 to
;; count - 1, otherwise the items whose indexes are the count i32s at idx (a list of candidates).
;; dots(q, data, idx, count, step, lanes, out): out[n] (an i32 at out + 4n) = the sum over lanes k
;; of the products of its 16 bytes at 16k with the query's 16 values at q + 32k (16-bit integers,
;; zero past the dimensions). An item's last lane reads up to 15 bytes past it, which the query's
;; zeros cancel.
;; hamming(q, data, idx, count, words, out): out[n] = how many bits of its `words` 32-bit words
;; differ from the query's `words` words at q, four words (128 bits) at a time: `words` a multiple
;; of four (signs padded with zeros past the dimensions).
;; `npm run wasm` assembles it into int8-dots-wasm.ts (scripts/assemble-wasm.mjs).
(module
  (memory (export "memory") 1)
  (func $item (param $idx i32) (param $n i32) (result i32)
    (if (result i32) (i32.eqz (local.get $idx))
      (then (local.get $n))
      (else (i32.load (i32.add (local.get $idx) (i32.shl (local.get $n) (i32.const 2)))))))
  (func (export "dots") (param $q i32) (param $data i32) (param $idx i32) (param $count i32) (param $step i32) (param $lanes i32) (param $out i32)
    (local $n i32) (local $p i32) (local $k i32) (local $qp i32) (local $acc v128) (local $x v128)
    (block $done
      (loop $items
        (br_if $done (i32.ge_u (local.get $n) (local.get $count)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $p (i32.add (local.get $data) (i32.mul (call $item (local.get $idx) (local.get $n)) (local.get $step))))
        (local.set $qp (local.get $q))
        (local.set $k (i32.const 0))
        (block $dd
          (loop $dims
            (br_if $dd (i32.ge_u (local.get $k) (local.get $lanes)))
            (local.set $x (v128.load (local.get $p)))
            (local.set $acc (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (v128.load (local.get $qp)))))
            (local.set $acc (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (v128.load offset=16 (local.get $qp)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $dims)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (br $items))))
  (func (export "hamming") (param $q i32) (param $data i32) (param $idx i32) (param $count i32) (param $words i32) (param $out i32)
    (local $n i32) (local $p i32) (local $k i32) (local $acc v128) (local $sum v128)
    (block $done
      (loop $items
        (br_if $done (i32.ge_u (local.get $n) (local.get $count)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $p (i32.add (local.get $data)
          (i32.shl (i32.mul (call $item (local.get $idx) (local.get $n)) (local.get $words)) (i32.const 2))))
        (local.set $k (i32.const 0))
        (block $ww
          (loop $word
            (br_if $ww (i32.ge_u (local.get $k) (local.get $words)))
            (local.set $acc (i16x8.add (local.get $acc)
              (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (v128.xor
                (v128.load (i32.add (local.get $p) (i32.shl (local.get $k) (i32.const 2))))
                (v128.load (i32.add (local.get $q) (i32.shl (local.get $k) (i32.const 2)))))))))
            (local.set $k (i32.add (local.get $k) (i32.const 4)))
            (br $word)))
        (local.set $sum (i32x4.extadd_pairwise_i16x8_u (local.get $acc)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $sum)) (i32x4.extract_lane 1 (local.get $sum)))
            (i32.add (i32x4.extract_lane 2 (local.get $sum)) (i32x4.extract_lane 3 (local.get $sum)))))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (br $items)))))
