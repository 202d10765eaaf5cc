;; The network's inner loops in WebAssembly SIMD, eight neurons at a time (accumulator.ts calls
;; them; `npm run nnue:kernels` turns this file into kernels.ts). JavaScript has no vector
;; arithmetic, and these loops are most of what the network costs the search.
;;
;; Every argument is a byte offset into the imported memory; `bytes` is the length of one view
;; (2 × hidden, a multiple of 16). Neurons are int16: accumulator.ts checks, when it takes a
;; network, that no position's sums can leave that range.

(module
  (import "env" "memory" (memory 1))

  ;; A quiet move: out = in + add - sub.
  (func (export "addSub") (param $out i32) (param $in i32) (param $add i32) (param $sub i32) (param $bytes i32)
    (local $i i32)
    (loop $next
      (v128.store (i32.add (local.get $out) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load (i32.add (local.get $in) (local.get $i))) (v128.load (i32.add (local.get $add) (local.get $i))))
          (v128.load (i32.add (local.get $sub) (local.get $i)))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes)))))

  ;; A capture: out = in + add - sub1 - sub2.
  (func (export "addSubSub") (param $out i32) (param $in i32) (param $add i32) (param $sub1 i32) (param $sub2 i32) (param $bytes i32)
    (local $i i32)
    (loop $next
      (v128.store (i32.add (local.get $out) (local.get $i))
        (i16x8.sub
          (i16x8.sub
            (i16x8.add (v128.load (i32.add (local.get $in) (local.get $i))) (v128.load (i32.add (local.get $add) (local.get $i))))
            (v128.load (i32.add (local.get $sub1) (local.get $i))))
          (v128.load (i32.add (local.get $sub2) (local.get $i)))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes)))))

  ;; Castling: out = in + add1 + add2 - sub1 - sub2.
  (func (export "addAddSubSub") (param $out i32) (param $in i32) (param $add1 i32) (param $add2 i32) (param $sub1 i32) (param $sub2 i32) (param $bytes i32)
    (local $i i32)
    (loop $next
      (v128.store (i32.add (local.get $out) (local.get $i))
        (i16x8.sub
          (i16x8.sub
            (i16x8.add
              (i16x8.add (v128.load (i32.add (local.get $in) (local.get $i))) (v128.load (i32.add (local.get $add1) (local.get $i))))
              (v128.load (i32.add (local.get $add2) (local.get $i))))
            (v128.load (i32.add (local.get $sub1) (local.get $i))))
          (v128.load (i32.add (local.get $sub2) (local.get $i)))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes)))))

  ;; The output layer before its bias: the sum over both views of clamp(a, 0, qa)² × weight, the
  ;; side to move's view (`us`) against the bucket's first weights, the other view (`them`)
  ;; against the next, less 32768 × the sum of those weights (accumulator.ts adds that back).
  ;; The square is taken in int16 and shifted down by 32768 so that it fits one, whatever it is
  ;; (at most 255², and qa is at most 255): a² - 32768 is the low 16 bits of a² less 32768, both
  ;; wrapping. Then one i32x4.dot_i16x8_s multiplies eight of them by their weights and adds
  ;; them in pairs into four int32 lanes, where extending both to int32 first took two
  ;; multiplications of int32 lanes. accumulator.ts refuses a network whose lane sums could
  ;; overflow at worst (every term at 32768 × the largest weight). The four lanes are added as
  ;; doubles, which are exact here.
  (func $screluView (param $view i32) (param $weights i32) (param $bytes i32) (param $ceiling v128) (result v128)
    (local $i i32) (local $sum v128) (local $a v128)
    (loop $next
      (local.set $a
        (i16x8.min_s
          (i16x8.max_s (v128.load (i32.add (local.get $view) (local.get $i))) (v128.const i16x8 0 0 0 0 0 0 0 0))
          (local.get $ceiling)))
      (local.set $sum
        (i32x4.add
          (local.get $sum)
          (i32x4.dot_i16x8_s
            (i16x8.sub (i16x8.mul (local.get $a) (local.get $a)) (v128.const i16x8 32768 32768 32768 32768 32768 32768 32768 32768))
            (v128.load (i32.add (local.get $weights) (local.get $i))))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes))))
    (local.get $sum))

  (func (export "screlu") (param $us i32) (param $them i32) (param $weights i32) (param $bytes i32) (param $qa i32) (result f64)
    (local $ceiling v128) (local $sum v128)
    (local.set $ceiling (i16x8.splat (local.get $qa)))
    (local.set $sum (call $screluView (local.get $us) (local.get $weights) (local.get $bytes) (local.get $ceiling)))
    (local.set $sum
      (i32x4.add (local.get $sum)
        (call $screluView (local.get $them) (i32.add (local.get $weights) (local.get $bytes)) (local.get $bytes) (local.get $ceiling))))
    (f64.add
      (f64.add
        (f64.convert_i32_s (i32x4.extract_lane 0 (local.get $sum)))
        (f64.convert_i32_s (i32x4.extract_lane 1 (local.get $sum))))
      (f64.add
        (f64.convert_i32_s (i32x4.extract_lane 2 (local.get $sum)))
        (f64.convert_i32_s (i32x4.extract_lane 3 (local.get $sum)))))))
