;; The square classifier's convolutions in WebAssembly SIMD, eight output channels at a time in
;; two f32x4 sums (classifier.ts calls them; `npm run vision:kernels` turns this file into
;; kernels.ts). JavaScript has no vector arithmetic, and these loops are most of what reading a
;; board costs.
;;
;; Every pointer is a byte offset into the imported memory; values are f32. Layouts as train.py
;; writes them: activations [y][x][channel]; weights [dy][dx][input][output].

(module
  (import "env" "memory" (memory 1))

  ;; A 3×3 'same' convolution of $in (side × side × inputs) plus bias, into $sums (side × side ×
  ;; outputs). Zero inputs (most, after a relu) are skipped. outputs: a multiple of 8.
  (func $convolve (param $in i32) (param $side i32) (param $inputs i32) (param $outputs i32)
                  (param $weights i32) (param $bias i32) (param $sums i32)
    (local $y i32) (local $x i32) (local $block i32) (local $dy i32) (local $dx i32) (local $i i32)
    (local $y1 i32) (local $x0 i32) (local $x1 i32)
    (local $source i32) (local $row i32) (local $rowStride i32) (local $target i32)
    (local $value f32) (local $splat v128) (local $low v128) (local $high v128)
    ;; One input channel's step through a tap's weights: a row of `outputs` floats.
    (local.set $rowStride (i32.shl (local.get $outputs) (i32.const 2)))
    (local.set $target (local.get $sums))
    (local.set $y (i32.const 0))
    (loop $rows
      (local.set $y1 (select (i32.const 2) (i32.const 3) (i32.eq (local.get $y) (i32.sub (local.get $side) (i32.const 1)))))
      (local.set $x (i32.const 0))
      (loop $columns
        (local.set $x0 (i32.eqz (local.get $x)))
        (local.set $x1 (select (i32.const 2) (i32.const 3) (i32.eq (local.get $x) (i32.sub (local.get $side) (i32.const 1)))))
        (local.set $block (i32.const 0))
        (loop $blocks
          (local.set $low (v128.load (i32.add (local.get $bias) (i32.shl (local.get $block) (i32.const 2)))))
          (local.set $high (v128.load offset=16 (i32.add (local.get $bias) (i32.shl (local.get $block) (i32.const 2)))))
          (local.set $dy (i32.eqz (local.get $y)))
          (loop $tapRows
            (local.set $dx (local.get $x0))
            (loop $taps
              ;; in[(y + dy - 1)][(x + dx - 1)][0] and weights[dy][dx][0][block]
              (local.set $source (i32.add (local.get $in)
                (i32.shl (i32.mul (i32.add
                  (i32.mul (i32.sub (i32.add (local.get $y) (local.get $dy)) (i32.const 1)) (local.get $side))
                  (i32.sub (i32.add (local.get $x) (local.get $dx)) (i32.const 1))) (local.get $inputs)) (i32.const 2))))
              (local.set $row (i32.add (local.get $weights)
                (i32.shl (i32.add
                  (i32.mul (i32.mul (i32.add (i32.mul (local.get $dy) (i32.const 3)) (local.get $dx)) (local.get $inputs)) (local.get $outputs))
                  (local.get $block)) (i32.const 2))))
              (local.set $i (i32.const 0))
              (loop $channels
                (local.set $value (f32.load (i32.add (local.get $source) (i32.shl (local.get $i) (i32.const 2)))))
                (if (f32.ne (local.get $value) (f32.const 0))
                  (then
                    (local.set $splat (f32x4.splat (local.get $value)))
                    (local.set $low (f32x4.add (local.get $low) (f32x4.mul (local.get $splat) (v128.load (local.get $row)))))
                    (local.set $high (f32x4.add (local.get $high) (f32x4.mul (local.get $splat) (v128.load offset=16 (local.get $row)))))))
                (local.set $row (i32.add (local.get $row) (local.get $rowStride)))
                (br_if $channels (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $inputs))))
              (br_if $taps (i32.lt_u (local.tee $dx (i32.add (local.get $dx) (i32.const 1))) (local.get $x1))))
            (br_if $tapRows (i32.lt_u (local.tee $dy (i32.add (local.get $dy) (i32.const 1))) (local.get $y1))))
          (v128.store (local.get $target) (local.get $low))
          (v128.store offset=16 (local.get $target) (local.get $high))
          (local.set $target (i32.add (local.get $target) (i32.const 32)))
          (br_if $blocks (i32.lt_u (local.tee $block (i32.add (local.get $block) (i32.const 8))) (local.get $outputs))))
        (br_if $columns (i32.lt_u (local.tee $x (i32.add (local.get $x) (i32.const 1))) (local.get $side))))
      (br_if $rows (i32.lt_u (local.tee $y (i32.add (local.get $y) (i32.const 1))) (local.get $side)))))

  ;; relu and a 2×2 max-pool of $sums (side × side × channels) into $out (side/2 × side/2 ×
  ;; channels). channels: a multiple of 4.
  (func $pool (param $sums i32) (param $side i32) (param $channels i32) (param $out i32)
    (local $y i32) (local $x i32) (local $c i32) (local $half i32) (local $rowBytes i32) (local $pixelBytes i32)
    (local $a i32)
    (local.set $half (i32.shr_u (local.get $side) (i32.const 1)))
    (local.set $pixelBytes (i32.shl (local.get $channels) (i32.const 2)))
    (local.set $rowBytes (i32.mul (local.get $side) (local.get $pixelBytes)))
    (local.set $y (i32.const 0))
    (loop $rows
      (local.set $x (i32.const 0))
      (loop $columns
        ;; The top-left pixel of the 2×2 block.
        (local.set $a (i32.add (local.get $sums)
          (i32.add (i32.mul (i32.shl (local.get $y) (i32.const 1)) (local.get $rowBytes))
                   (i32.mul (i32.shl (local.get $x) (i32.const 1)) (local.get $pixelBytes)))))
        (local.set $c (i32.const 0))
        (loop $channel
          (v128.store (local.get $out)
            (f32x4.max
              (f32x4.max (f32x4.splat (f32.const 0)) (v128.load (local.get $a)))
              (f32x4.max
                (v128.load (i32.add (local.get $a) (local.get $pixelBytes)))
                (f32x4.max
                  (v128.load (i32.add (local.get $a) (local.get $rowBytes)))
                  (v128.load (i32.add (i32.add (local.get $a) (local.get $rowBytes)) (local.get $pixelBytes)))))))
          (local.set $out (i32.add (local.get $out) (i32.const 16)))
          (local.set $a (i32.add (local.get $a) (i32.const 16)))
          (br_if $channel (i32.lt_u (local.tee $c (i32.add (local.get $c) (i32.const 4))) (local.get $channels))))
        (br_if $columns (i32.lt_u (local.tee $x (i32.add (local.get $x) (i32.const 1))) (local.get $half))))
      (br_if $rows (i32.lt_u (local.tee $y (i32.add (local.get $y) (i32.const 1))) (local.get $half)))))

  ;; One convolution layer: convolve, then relu and pool. $sums is scratch.
  (func (export "convolvePool") (param $in i32) (param $side i32) (param $inputs i32) (param $outputs i32)
                                (param $weights i32) (param $bias i32) (param $sums i32) (param $out i32)
    (call $convolve (local.get $in) (local.get $side) (local.get $inputs) (local.get $outputs)
                    (local.get $weights) (local.get $bias) (local.get $sums))
    (call $pool (local.get $sums) (local.get $side) (local.get $outputs) (local.get $out)))

  ;; A dense layer with relu: out[o] = max(0, bias[o] + Σ in[i] × weights[i][o]), zero inputs
  ;; skipped. outputs: a multiple of 4.
  (func (export "denseRelu") (param $in i32) (param $inputs i32) (param $outputs i32)
                             (param $weights i32) (param $bias i32) (param $out i32)
    (local $i i32) (local $o i32) (local $value f32) (local $splat v128) (local $row i32) (local $rowStride i32)
    (local.set $rowStride (i32.shl (local.get $outputs) (i32.const 2)))
    (memory.copy (local.get $out) (local.get $bias) (local.get $rowStride))
    (local.set $row (local.get $weights))
    (local.set $i (i32.const 0))
    (loop $inputsLoop
      (local.set $value (f32.load (i32.add (local.get $in) (i32.shl (local.get $i) (i32.const 2)))))
      (if (f32.ne (local.get $value) (f32.const 0))
        (then
          (local.set $splat (f32x4.splat (local.get $value)))
          (local.set $o (i32.const 0))
          (loop $outputsLoop
            (v128.store (i32.add (local.get $out) (local.get $o))
              (f32x4.add (v128.load (i32.add (local.get $out) (local.get $o)))
                         (f32x4.mul (local.get $splat) (v128.load (i32.add (local.get $row) (local.get $o))))))
            (br_if $outputsLoop (i32.lt_u (local.tee $o (i32.add (local.get $o) (i32.const 16))) (local.get $rowStride))))))
      (local.set $row (i32.add (local.get $row) (local.get $rowStride)))
      (br_if $inputsLoop (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $inputs))))
    (local.set $o (i32.const 0))
    (loop $relu
      (v128.store (i32.add (local.get $out) (local.get $o))
        (f32x4.max (f32x4.splat (f32.const 0)) (v128.load (i32.add (local.get $out) (local.get $o)))))
      (br_if $relu (i32.lt_u (local.tee $o (i32.add (local.get $o) (i32.const 16))) (local.get $rowStride)))))
)
