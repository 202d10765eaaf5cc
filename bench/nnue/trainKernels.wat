;; The trainer's inner loops (train.ts, model.ts) in WebAssembly SIMD, four float32 neurons at a
;; time: the network in floating point, its gradients and Adam's moments all live in one shared
;; memory, which every worker thread imports, so the threads add up gradients and update the
;; weights in place. JavaScript has no vector arithmetic: in it these loops ran some five times
;; slower.
;;
;; Every address is a byte offset into the memory; `bytes` is the length of one view's neurons
;; (4 × hidden, a multiple of 16). A feature list is `count` int32 byte offsets of input-weight
;; rows from the start of the input weights (feature × bytes).

(module
  (import "env" "memory" (memory 1 65536 shared))

;; acc = bias + the rows of the listed features. Four neurons at a time over every feature, so
  ;; that the sum stays in a register (the rows, a few kilobytes each, stay in the cache).
  (func (export "accumulate") (param $acc i32) (param $bias i32) (param $weights i32) (param $list i32) (param $count i32) (param $bytes i32)
    (local $i i32) (local $k i32) (local $sum v128) (local $end i32) (local $at i32)
    (local.set $end (i32.add (local.get $list) (i32.shl (local.get $count) (i32.const 2))))
    (loop $next
      (local.set $sum (v128.load (i32.add (local.get $bias) (local.get $i))))
      (local.set $at (local.get $list))
      (local.set $k (i32.add (local.get $weights) (local.get $i)))
      (block $done
        (loop $feature
          (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
          (local.set $sum (f32x4.add (local.get $sum) (v128.load (i32.add (local.get $k) (i32.load (local.get $at))))))
          (local.set $at (i32.add (local.get $at) (i32.const 4)))
          (br $feature)))
      (v128.store (i32.add (local.get $acc) (local.get $i)) (local.get $sum))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes)))))

  ;; The output before its bias: the sum of clamp(x, 0, 1)² × weight over both views, the side to
  ;; move's (`us`) against the bucket's first `bytes` of weights, the other against the next.
  (func (export "output") (param $us i32) (param $them i32) (param $weights i32) (param $bytes i32) (result f32)
    (local $i i32) (local $sum v128) (local $a v128) (local $w2 i32)
    (local.set $w2 (i32.add (local.get $weights) (local.get $bytes)))
    (loop $next
      (local.set $a
        (f32x4.min (f32x4.max (v128.load (i32.add (local.get $us) (local.get $i))) (v128.const f32x4 0 0 0 0)) (v128.const f32x4 1 1 1 1)))
      (local.set $sum (f32x4.add (local.get $sum)
        (f32x4.mul (f32x4.mul (local.get $a) (local.get $a)) (v128.load (i32.add (local.get $weights) (local.get $i))))))
      (local.set $a
        (f32x4.min (f32x4.max (v128.load (i32.add (local.get $them) (local.get $i))) (v128.const f32x4 0 0 0 0)) (v128.const f32x4 1 1 1 1)))
      (local.set $sum (f32x4.add (local.get $sum)
        (f32x4.mul (f32x4.mul (local.get $a) (local.get $a)) (v128.load (i32.add (local.get $w2) (local.get $i))))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes))))
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $sum)) (f32x4.extract_lane 1 (local.get $sum)))
      (f32.add (f32x4.extract_lane 2 (local.get $sum)) (f32x4.extract_lane 3 (local.get $sum)))))

  ;; Back through the output layer, `g` being the loss's derivative by the output: adds to the
  ;; output weights' gradient (`gw`, laid out as `weights`) and the hidden biases' (`gb`), and
  ;; writes each view's derivative by its neurons' sums into `dUs` and `dThem`.
  (func (export "backward") (param $us i32) (param $them i32) (param $dUs i32) (param $dThem i32) (param $weights i32) (param $gw i32)
      (param $gb i32) (param $g f32) (param $bytes i32)
    (local $i i32) (local $gv v128) (local $x v128) (local $a v128) (local $inside v128) (local $du v128) (local $dt v128)
    (local $w2 i32) (local $gw2 i32)
    (local.set $gv (f32x4.splat (local.get $g)))
    (local.set $w2 (i32.add (local.get $weights) (local.get $bytes)))
    (local.set $gw2 (i32.add (local.get $gw) (local.get $bytes)))
    (loop $next
      ;; the side to move's view
      (local.set $x (v128.load (i32.add (local.get $us) (local.get $i))))
      (local.set $a (f32x4.min (f32x4.max (local.get $x) (v128.const f32x4 0 0 0 0)) (v128.const f32x4 1 1 1 1)))
      (v128.store (i32.add (local.get $gw) (local.get $i))
        (f32x4.add (v128.load (i32.add (local.get $gw) (local.get $i)))
          (f32x4.mul (local.get $gv) (f32x4.mul (local.get $a) (local.get $a)))))
      (local.set $inside (v128.and (f32x4.gt (local.get $x) (v128.const f32x4 0 0 0 0)) (f32x4.lt (local.get $x) (v128.const f32x4 1 1 1 1))))
      (local.set $du (v128.and (local.get $inside)
        (f32x4.mul (f32x4.mul (local.get $gv) (v128.load (i32.add (local.get $weights) (local.get $i))))
          (f32x4.add (local.get $x) (local.get $x)))))
      (v128.store (i32.add (local.get $dUs) (local.get $i)) (local.get $du))
      ;; the other view
      (local.set $x (v128.load (i32.add (local.get $them) (local.get $i))))
      (local.set $a (f32x4.min (f32x4.max (local.get $x) (v128.const f32x4 0 0 0 0)) (v128.const f32x4 1 1 1 1)))
      (v128.store (i32.add (local.get $gw2) (local.get $i))
        (f32x4.add (v128.load (i32.add (local.get $gw2) (local.get $i)))
          (f32x4.mul (local.get $gv) (f32x4.mul (local.get $a) (local.get $a)))))
      (local.set $inside (v128.and (f32x4.gt (local.get $x) (v128.const f32x4 0 0 0 0)) (f32x4.lt (local.get $x) (v128.const f32x4 1 1 1 1))))
      (local.set $dt (v128.and (local.get $inside)
        (f32x4.mul (f32x4.mul (local.get $gv) (v128.load (i32.add (local.get $w2) (local.get $i))))
          (f32x4.add (local.get $x) (local.get $x)))))
      (v128.store (i32.add (local.get $dThem) (local.get $i)) (local.get $dt))
      (v128.store (i32.add (local.get $gb) (local.get $i))
        (f32x4.add (v128.load (i32.add (local.get $gb) (local.get $i))) (f32x4.add (local.get $du) (local.get $dt))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes)))))

;; Adds `d` to the gradient rows of the listed features (`grads` is the input weights' gradient),
  ;; four neurons at a time over every feature.
  (func (export "scatter") (param $grads i32) (param $list i32) (param $count i32) (param $d i32) (param $bytes i32)
    (local $i i32) (local $k i32) (local $dv v128) (local $end i32) (local $at i32) (local $row i32)
    (local.set $end (i32.add (local.get $list) (i32.shl (local.get $count) (i32.const 2))))
    (loop $next
      (local.set $dv (v128.load (i32.add (local.get $d) (local.get $i))))
      (local.set $at (local.get $list))
      (local.set $k (i32.add (local.get $grads) (local.get $i)))
      (block $done
        (loop $feature
          (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
          (local.set $row (i32.add (local.get $k) (i32.load (local.get $at))))
          (v128.store (local.get $row) (f32x4.add (v128.load (local.get $row)) (local.get $dv)))
          (local.set $at (i32.add (local.get $at) (i32.const 4)))
          (br $feature)))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes)))))

  ;; Adam on `bytes` of parameters from `params` (moments at `m` and `v`, the same offsets): the
  ;; gradient is the sum of `threads` gradient arrays, `stride` bytes apart from `grads`, times
  ;; `scale` (1 / the batch's size); the gradient arrays are zeroed for the next batch. `step` is
  ;; the rate with Adam's bias corrections folded in, `correction2` the second moment's; each
  ;; parameter is then clamped to [lo, hi].
  (func (export "adam") (param $params i32) (param $m i32) (param $v i32) (param $grads i32) (param $stride i32) (param $threads i32)
      (param $bytes i32) (param $scale f32) (param $step f32) (param $correction2 f32) (param $lo f32) (param $hi f32)
    (local $i i32) (local $t i32) (local $at i32) (local $g v128) (local $mv v128) (local $vv v128)
    (local $b1 v128) (local $b1c v128) (local $b2 v128) (local $b2c v128)
    (local.set $b1 (f32x4.splat (f32.const 0.9)))
    (local.set $b1c (f32x4.splat (f32.const 0.1)))
    (local.set $b2 (f32x4.splat (f32.const 0.999)))
    (local.set $b2c (f32x4.splat (f32.const 0.001)))
    (loop $next
      (local.set $g (v128.const f32x4 0 0 0 0))
      (local.set $t (i32.const 0))
      (local.set $at (i32.add (local.get $grads) (local.get $i)))
      (loop $thread
        (local.set $g (f32x4.add (local.get $g) (v128.load (local.get $at))))
        (v128.store (local.get $at) (v128.const f32x4 0 0 0 0))
        (local.set $at (i32.add (local.get $at) (local.get $stride)))
        (br_if $thread (i32.lt_u (local.tee $t (i32.add (local.get $t) (i32.const 1))) (local.get $threads))))
      (local.set $g (f32x4.mul (local.get $g) (f32x4.splat (local.get $scale))))
      (local.set $mv (f32x4.add (f32x4.mul (local.get $b1) (v128.load (i32.add (local.get $m) (local.get $i))))
        (f32x4.mul (local.get $b1c) (local.get $g))))
      (local.set $vv (f32x4.add (f32x4.mul (local.get $b2) (v128.load (i32.add (local.get $v) (local.get $i))))
        (f32x4.mul (local.get $b2c) (f32x4.mul (local.get $g) (local.get $g)))))
      (v128.store (i32.add (local.get $m) (local.get $i)) (local.get $mv))
      (v128.store (i32.add (local.get $v) (local.get $i)) (local.get $vv))
      (v128.store (i32.add (local.get $params) (local.get $i))
        (f32x4.min (f32x4.splat (local.get $hi)) (f32x4.max (f32x4.splat (local.get $lo))
          (f32x4.sub (v128.load (i32.add (local.get $params) (local.get $i)))
            (f32x4.div (f32x4.mul (f32x4.splat (local.get $step)) (local.get $mv))
              (f32x4.add (f32x4.sqrt (f32x4.mul (local.get $vv) (f32x4.splat (local.get $correction2)))) (f32x4.splat (f32.const 1e-8))))))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $bytes))))))
