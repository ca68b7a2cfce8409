;; Hand-written. The scans of a record that JSON.parse has accepted: byteScan.ts runs them,
;; scripts/assemble-wasm.mjs assembles this file into byteScanModule.ts (generated, never edited).
;;
;; `utf8to16` decodes a bytes record's UTF-8 as a fatal TextDecoder would, faster where
;; non-ASCII characters are spread through the text. Then one pass over the record, sixteen bytes
;; at a time, tells the compact proof (compactProof.ts) and the byte bounds of the validators
;; (check.ts) what they would otherwise count string by string in JavaScript. `scan` reads a
;; bytes record's UTF-8, `scan16` a string record's UTF-16:
;; - the result: what the escapes add over the units they decode to (1 for `\n`-style escapes,
;;   5 for `\uXXXX`), or -1 for an escape from `\uD800` up, which only the exact scanner decides
;;   (the header is then not written);
;; - the table: for each string of more than `long` UTF-16 units, in the order of the text, its
;;   units and its UTF-8 bytes once decoded (pairs of i32 from `table`; a record with more than
;;   `capacity` such strings sets flag bit 2 and lists the first `capacity`);
;; - the header, four i32 before `table` (memory reads cost JavaScript less than reading
;;   exported globals): the number of entries; flags, bit 0 a noncharacter (U+FDD0..U+FDEF,
;;   U+xFFFE, U+xFFFF) in the text, bit 1 a lone surrogate (`scan16`); the record's UTF-8 bytes.
;;
;; Why quotes are all the structure it needs: outside strings, valid JSON is ASCII, and inside
;; them a quote is escaped, so the unescaped quotes alternate between opening and closing a
;; string. In UTF-8, a string's units are its bytes minus its continuation bytes (0x80..0xBF)
;; plus its four-byte leads (0xF0..0xF4, two units each), minus what its escapes add. A chunk
;; with no quote, backslash or lead byte from 0xEF up (almost every chunk of text) is one
;; population count.
;;
;; Memory: the record at byte 0, at most `capacity_bytes`; a scan zeroes the 32 bytes after it
;; (the last chunk and the look-ahead of an escape may read them). Decoded UTF-16 from
;; `decoded`; the header and the table on the last page.
(module
  (memory (export "memory") 5)
  (global (export "capacity_bytes") i32 (i32.const 196608))
  (global $table (export "table") i32 (i32.const 262144))
  (global $capacity (export "capacity") i32 (i32.const 8192))
  ;; `utf8to16` reads at most `decode_capacity` bytes and writes its UTF-16 from `decoded`.
  (global (export "decode_capacity") i32 (i32.const 65536))
  (global $decoded (export "decoded") i32 (i32.const 65600))
  (global $count (mut i32) (i32.const 0))
  (global $flags (mut i32) (i32.const 0))

  (func (export "scan") (param $len i32) (param $long i32) (result i32)
    (local $p i32) (local $v v128) (local $w v128)
    (local $cont i32) (local $lead4 i32) (local $backslash i32) (local $simple i32) (local $special i32)
    (local $bit i32) (local $at i32) (local $byte i32) (local $done i32) (local $below i32) (local $saved i32)
    (local $skip i32) (local $overhead i32)
    ;; The string being read: where its opening quote is, its continuation bytes minus its
    ;; four-byte leads so far, and what its escapes save in units and in bytes.
    (local $open i32) (local $inside i32) (local $cur i32) (local $savedUnits i32) (local $savedBytes i32) (local $raw i32)
    ;; Quote, backslash, `u`; 0xEE, which a saturating subtraction leaves nonzero only for the
    ;; bytes above it (leads from 0xEF up); -64, above every continuation byte read as signed.
    (local $kq v128) (local $kb v128) (local $kh v128) (local $kc v128) (local $ku v128)
    (local.set $kq (i8x16.splat (i32.const 0x22)))
    (local.set $ku (i8x16.splat (i32.const 0x75)))
    (local.set $kb (i8x16.splat (i32.const 0x5c)))
    (local.set $kh (i8x16.splat (i32.const 0xee)))
    (local.set $kc (i8x16.splat (i32.const -64)))
    (v128.store (local.get $len) (v128.const i64x2 0 0))
    (v128.store offset=16 (local.get $len) (v128.const i64x2 0 0))
    (global.set $count (i32.const 0))
    (global.set $flags (i32.const 0))
    (block $end
      (loop $chunk
        ;; Chunks without a quote or a lead from 0xEF up only add to the string's excess and
        ;; count their simple escapes; two at a time while they last (one at a time costs three
        ;; times as much). Backslashes that are all simple escapes inside the pair (none
        ;; adjacent, none last, none before a `u`, none reached by an escape before the pair)
        ;; each save one unit and one byte; any other leaves the pair to the chunk path.
        (block $plain2
          (loop $pair
            (br_if $plain2 (i32.gt_u (i32.add (local.get $p) (i32.const 32)) (local.get $len)))
            (local.set $v (v128.load (local.get $p)))
            (local.set $w (v128.load offset=16 (local.get $p)))
            (br_if $plain2 (v128.any_true
              (v128.or
                (v128.or (i8x16.eq (local.get $v) (local.get $kq)) (i8x16.sub_sat_u (local.get $v) (local.get $kh)))
                (v128.or (i8x16.eq (local.get $w) (local.get $kq)) (i8x16.sub_sat_u (local.get $w) (local.get $kh))))))
            (if (v128.any_true (v128.or (i8x16.eq (local.get $v) (local.get $kb)) (i8x16.eq (local.get $w) (local.get $kb))))
              (then
                (local.set $backslash
                  (i32.or (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $kb)))
                          (i32.shl (i8x16.bitmask (i8x16.eq (local.get $w) (local.get $kb))) (i32.const 16))))
                (br_if $plain2 (i32.or (i32.lt_u (local.get $p) (local.get $skip))
                  (i32.and (local.get $backslash)
                    (i32.or (i32.or (i32.const 0x80000000) (i32.shl (local.get $backslash) (i32.const 1)))
                      (i32.shr_u
                        (i32.or (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $ku)))
                                (i32.shl (i8x16.bitmask (i8x16.eq (local.get $w) (local.get $ku))) (i32.const 16)))
                        (i32.const 1))))))
                (local.set $saved (i32.popcnt (local.get $backslash)))
                (local.set $overhead (i32.add (local.get $overhead) (local.get $saved)))
                (local.set $savedUnits (i32.add (local.get $savedUnits) (local.get $saved)))
                (local.set $savedBytes (i32.add (local.get $savedBytes) (local.get $saved)))))
            (local.set $cur (i32.add (local.get $cur)
              (i32.popcnt (i32.or (i8x16.bitmask (i8x16.lt_s (local.get $v) (local.get $kc)))
                                  (i32.shl (i8x16.bitmask (i8x16.lt_s (local.get $w) (local.get $kc))) (i32.const 16))))))
            (local.set $p (i32.add (local.get $p) (i32.const 32)))
            (br $pair)))
        (br_if $end (i32.ge_u (local.get $p) (local.get $len)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $cont (i8x16.bitmask (i8x16.lt_s (local.get $v) (local.get $kc))))
        (if (i32.eqz (v128.any_true
              (v128.or (v128.or (i8x16.eq (local.get $v) (local.get $kq))
                                (i8x16.eq (local.get $v) (local.get $kb)))
                       (i8x16.sub_sat_u (local.get $v) (local.get $kh)))))
          (then
            (local.set $cur (i32.add (local.get $cur) (i32.popcnt (local.get $cont))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (br $chunk)))
        (local.set $lead4 (i8x16.bitmask (i8x16.gt_u (local.get $v) (i8x16.splat (i32.const 0xef)))))
        (local.set $backslash (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $kb))))
        (local.set $special
          (i32.or (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $kq)))
                  (i8x16.bitmask (i8x16.gt_u (local.get $v) (i8x16.splat (i32.const 0xee))))))
        ;; Backslashes that are all simple escapes inside this chunk (none adjacent, none last,
        ;; none before a `u`, and no escape of an earlier chunk reaching in) are counted in
        ;; bulk: each saves one unit and one byte, and the character after it is no quote of
        ;; the structure. Others are read one by one, in order, with the quotes.
        (local.set $simple (i32.const 0))
        (if (i32.and (i32.ge_u (local.get $p) (local.get $skip))
              (i32.eqz (i32.and (local.get $backslash)
                (i32.or (i32.or (i32.const 0x8000) (i32.shl (local.get $backslash) (i32.const 1)))
                        (i32.shr_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $ku))) (i32.const 1))))))
          (then
            (local.set $simple (local.get $backslash))
            (local.set $overhead (i32.add (local.get $overhead) (i32.popcnt (local.get $backslash))))
            (local.set $special (i32.and (local.get $special) (i32.xor (i32.shl (local.get $backslash) (i32.const 1)) (i32.const -1)))))
          (else (local.set $special (i32.or (local.get $special) (local.get $backslash)))))
        ;; Bits of this chunk below $done are counted into $cur already.
        (local.set $done (i32.const 0))
        (block $specials
          (loop $next
            (br_if $specials (i32.eqz (local.get $special)))
            (local.set $bit (i32.ctz (local.get $special)))
            (local.set $special (i32.and (local.get $special) (i32.sub (local.get $special) (i32.const 1))))
            (local.set $at (i32.add (local.get $p) (local.get $bit)))
            (local.set $byte (i32.load8_u (local.get $at)))
            (if (i32.eq (local.get $byte) (i32.const 0xef))
              (then (call $lead3 (local.get $at)) (br $next)))
            (if (i32.gt_u (local.get $byte) (i32.const 0xef))
              (then (call $lead4 (local.get $at)) (br $next)))
            ;; A quote or backslash that an escape consumed is content.
            (br_if $next (i32.lt_u (local.get $at) (local.get $skip)))
            (if (i32.eq (local.get $byte) (i32.const 0x5c))
              (then
                (if (i32.eq (i32.load8_u offset=1 (local.get $at)) (i32.const 0x75))
                  (then
                    ;; `\uXXXX`, digits checked by JSON.parse: refused from D800 up; below,
                    ;; six bytes that decode to one unit of one to three bytes.
                    (if (i32.lt_u (i32.sub (i32.or (i32.load8_u offset=2 (local.get $at)) (i32.const 0x20)) (i32.const 0x64)) (i32.const 3))
                      (then (return (i32.const -1))))
                    (local.set $savedUnits (i32.add (local.get $savedUnits) (i32.const 5)))
                    (local.set $savedBytes (i32.add (local.get $savedBytes)
                      (i32.sub (i32.const 6) (call $utf8Bytes (call $hex4 (local.get $at) (i32.const 1))))))
                    (local.set $overhead (i32.add (local.get $overhead) (i32.const 5)))
                    (local.set $skip (i32.add (local.get $at) (i32.const 6))))
                  (else
                    (local.set $savedUnits (i32.add (local.get $savedUnits) (i32.const 1)))
                    (local.set $savedBytes (i32.add (local.get $savedBytes) (i32.const 1)))
                    (local.set $overhead (i32.add (local.get $overhead) (i32.const 1)))
                    (local.set $skip (i32.add (local.get $at) (i32.const 2)))))
                (br $next)))
            ;; An unescaped quote: count the string's bits up to here, then close or open it.
            (local.set $below (i32.sub (i32.shl (i32.const 1) (local.get $bit)) (i32.shl (i32.const 1) (local.get $done))))
            (local.set $cur (i32.add (local.get $cur)
              (i32.sub (i32.popcnt (i32.and (local.get $cont) (local.get $below)))
                       (i32.popcnt (i32.and (local.get $lead4) (local.get $below))))))
            (local.set $saved (i32.popcnt (i32.and (local.get $simple) (local.get $below))))
            (local.set $savedUnits (i32.add (local.get $savedUnits) (local.get $saved)))
            (local.set $savedBytes (i32.add (local.get $savedBytes) (local.get $saved)))
            (local.set $done (local.get $bit))
            (if (local.get $inside)
              (then
                (local.set $raw (i32.sub (i32.sub (local.get $at) (local.get $open)) (i32.const 1)))
                (call $record (i32.sub (i32.sub (local.get $raw) (local.get $cur)) (local.get $savedUnits))
                              (i32.sub (local.get $raw) (local.get $savedBytes)) (local.get $long))))
            (local.set $inside (i32.eqz (local.get $inside)))
            (local.set $open (local.get $at))
            (local.set $cur (i32.const 0))
            (local.set $savedUnits (i32.const 0))
            (local.set $savedBytes (i32.const 0))
            (br $next)))
        (local.set $below (i32.sub (i32.const 0x10000) (i32.shl (i32.const 1) (local.get $done))))
        (local.set $cur (i32.add (local.get $cur)
          (i32.sub (i32.popcnt (i32.and (local.get $cont) (local.get $below)))
                   (i32.popcnt (i32.and (local.get $lead4) (local.get $below))))))
        (local.set $saved (i32.popcnt (i32.and (local.get $simple) (local.get $below))))
        (local.set $savedUnits (i32.add (local.get $savedUnits) (local.get $saved)))
        (local.set $savedBytes (i32.add (local.get $savedBytes) (local.get $saved)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $chunk)))
    (call $finish (local.get $len))
    (local.get $overhead))

  ;; The same scan over a string record as it is: `units` UTF-16 code units (little-endian, at
  ;; byte 0), sixteen at a time, so a string record is not encoded first. A unit exceeds its
  ;; UTF-8 bytes by one from U+0080 and by two from U+0800, but a surrogate by one (a pair is
  ;; four bytes); a lone surrogate is flagged (bit 1) and counted as the three bytes of U+FFFD.
  ;; The record's UTF-8 length goes in the header too. Sixteen units narrowed to bytes
  ;; (a unit above 0xFF becomes 0xFF, never a quote, backslash or `u`: the narrowing
  ;; instruction reads its lanes as signed, so units are clamped to 0xFF first) are compared
  ;; at once: a unit is from U+0080 when its narrowed byte is, from U+0800 when its narrowed
  ;; sixteenth is, and its high byte narrows exactly. Units from U+D800 up (surrogates, and the
  ;; noncharacters among the rest) are read one by one.
  (func (export "scan16") (param $units i32) (param $long i32) (result i32)
    (local $p i32) (local $end i32) (local $v v128) (local $w v128) (local $n v128) (local $high v128)
    (local $e1 i32) (local $e2 i32) (local $sur i32) (local $backslash i32) (local $simple i32) (local $special i32)
    (local $bit i32) (local $at i32) (local $unit i32) (local $next i32) (local $done i32) (local $below i32) (local $saved i32)
    (local $skip i32) (local $overhead i32) (local $total i32) (local $low i32)
    (local $open i32) (local $inside i32) (local $cur i32) (local $savedUnits i32) (local $savedBytes i32) (local $raw i32)
    (local $kq v128) (local $kb v128) (local $ku v128) (local $kh v128) (local $k255 v128)
    (local.set $k255 (i16x8.splat (i32.const 0xff)))
    (local.set $kq (i8x16.splat (i32.const 0x22)))
    (local.set $kb (i8x16.splat (i32.const 0x5c)))
    (local.set $ku (i8x16.splat (i32.const 0x75)))
    (local.set $kh (i16x8.splat (i32.const 0xd7ff)))
    (local.set $end (i32.shl (local.get $units) (i32.const 1)))
    (v128.store (local.get $end) (v128.const i64x2 0 0))
    (v128.store offset=16 (local.get $end) (v128.const i64x2 0 0))
    (global.set $count (i32.const 0))
    (global.set $flags (i32.const 0))
    (local.set $low (i32.const -1))
    (block $stop
      (loop $chunk
        ;; Units past the record read as the zeroed 32 bytes: NUL, which changes nothing.
        (br_if $stop (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $w (v128.load offset=16 (local.get $p)))
        (local.set $n (i8x16.narrow_i16x8_u
          (i16x8.min_u (local.get $v) (local.get $k255)) (i16x8.min_u (local.get $w) (local.get $k255))))
        (local.set $e1 (i8x16.bitmask (local.get $n)))
        (local.set $e2 (i8x16.bitmask (i8x16.narrow_i16x8_u
          (i16x8.shr_u (local.get $v) (i32.const 4)) (i16x8.shr_u (local.get $w) (i32.const 4)))))
        (block $events
          ;; No quote and no unit from U+D800 up: only the string's excess grows, and simple
          ;; escapes (as in `scan`) are counted in bulk.
          (if (i32.eqz (v128.any_true
                (v128.or (i8x16.eq (local.get $n) (local.get $kq))
                  (v128.or (i16x8.sub_sat_u (local.get $v) (local.get $kh)) (i16x8.sub_sat_u (local.get $w) (local.get $kh))))))
            (then
              (if (v128.any_true (i8x16.eq (local.get $n) (local.get $kb)))
                (then
                  (local.set $backslash (i8x16.bitmask (i8x16.eq (local.get $n) (local.get $kb))))
                  (br_if $events (i32.or (i32.lt_u (local.get $p) (local.get $skip))
                    (i32.and (local.get $backslash)
                      (i32.or (i32.or (i32.const 0x8000) (i32.shl (local.get $backslash) (i32.const 1)))
                        (i32.shr_u (i8x16.bitmask (i8x16.eq (local.get $n) (local.get $ku))) (i32.const 1))))))
                  (local.set $saved (i32.popcnt (local.get $backslash)))
                  (local.set $overhead (i32.add (local.get $overhead) (local.get $saved)))
                  (local.set $savedUnits (i32.add (local.get $savedUnits) (local.get $saved)))
                  (local.set $savedBytes (i32.add (local.get $savedBytes) (local.get $saved)))))
              (local.set $cur (i32.add (local.get $cur) (i32.add (i32.popcnt (local.get $e1)) (i32.popcnt (local.get $e2)))))
              (local.set $p (i32.add (local.get $p) (i32.const 32)))
              (br $chunk))))
        (local.set $high (i8x16.narrow_i16x8_u
          (i16x8.shr_u (local.get $v) (i32.const 8)) (i16x8.shr_u (local.get $w) (i32.const 8))))
        (local.set $sur (i8x16.bitmask
          (i8x16.eq (v128.and (local.get $high) (i8x16.splat (i32.const 0xf8))) (i8x16.splat (i32.const 0xd8)))))
        (local.set $backslash (i8x16.bitmask (i8x16.eq (local.get $n) (local.get $kb))))
        (local.set $special
          (i32.or (i8x16.bitmask (i8x16.eq (local.get $n) (local.get $kq)))
                  (i8x16.bitmask (i8x16.gt_u (local.get $high) (i8x16.splat (i32.const 0xd7))))))
        (local.set $simple (i32.const 0))
        (if (i32.and (i32.ge_u (local.get $p) (local.get $skip))
              (i32.eqz (i32.and (local.get $backslash)
                (i32.or (i32.or (i32.const 0x8000) (i32.shl (local.get $backslash) (i32.const 1)))
                        (i32.shr_u (i8x16.bitmask (i8x16.eq (local.get $n) (local.get $ku))) (i32.const 1))))))
          (then
            (local.set $simple (local.get $backslash))
            (local.set $overhead (i32.add (local.get $overhead) (i32.popcnt (local.get $backslash))))
            (local.set $special (i32.and (local.get $special) (i32.xor (i32.shl (local.get $backslash) (i32.const 1)) (i32.const -1)))))
          (else (local.set $special (i32.or (local.get $special) (local.get $backslash)))))
        (local.set $done (i32.const 0))
        (block $specials
          (loop $next
            (br_if $specials (i32.eqz (local.get $special)))
            (local.set $bit (i32.ctz (local.get $special)))
            (local.set $special (i32.and (local.get $special) (i32.sub (local.get $special) (i32.const 1))))
            (local.set $at (i32.add (local.get $p) (i32.shl (local.get $bit) (i32.const 1))))
            (local.set $unit (i32.load16_u (local.get $at)))
            (if (i32.gt_u (local.get $unit) (i32.const 0xd7ff))
              (then
                (if (i32.eq (i32.and (local.get $unit) (i32.const 0xf800)) (i32.const 0xd800))
                  (then
                    ;; The low half of a pair was read with its high half.
                    (br_if $next (i32.eq (local.get $at) (local.get $low)))
                    (local.set $next (i32.load16_u offset=2 (local.get $at)))
                    (if (i32.and (i32.lt_u (local.get $unit) (i32.const 0xdc00))
                                 (i32.eq (i32.and (local.get $next) (i32.const 0xfc00)) (i32.const 0xdc00)))
                      (then
                        (local.set $low (i32.add (local.get $at) (i32.const 2)))
                        ;; U+xFFFE and U+xFFFF: a high half ending in 111111, a low half DFFE or DFFF.
                        (if (i32.and (i32.eq (i32.and (local.get $unit) (i32.const 0x3f)) (i32.const 0x3f))
                                     (i32.eq (i32.or (local.get $next) (i32.const 1)) (i32.const 0xdfff)))
                          (then (call $flag (i32.const 1)))))
                      (else
                        (call $flag (i32.const 2))
                        (local.set $cur (i32.add (local.get $cur) (i32.const 1))))))
                  (else
                    (if (i32.or (i32.lt_u (i32.sub (local.get $unit) (i32.const 0xfdd0)) (i32.const 0x20))
                                (i32.ge_u (local.get $unit) (i32.const 0xfffe)))
                      (then (call $flag (i32.const 1))))))
                (br $next)))
            (br_if $next (i32.lt_u (local.get $at) (local.get $skip)))
            (if (i32.eq (local.get $unit) (i32.const 0x5c))
              (then
                (if (i32.eq (i32.load16_u offset=2 (local.get $at)) (i32.const 0x75))
                  (then
                    (if (i32.lt_u (i32.sub (i32.or (i32.load16_u offset=4 (local.get $at)) (i32.const 0x20)) (i32.const 0x64)) (i32.const 3))
                      (then (return (i32.const -1))))
                    (local.set $savedUnits (i32.add (local.get $savedUnits) (i32.const 5)))
                    (local.set $savedBytes (i32.add (local.get $savedBytes)
                      (i32.sub (i32.const 6) (call $utf8Bytes (call $hex4 (local.get $at) (i32.const 2))))))
                    (local.set $overhead (i32.add (local.get $overhead) (i32.const 5)))
                    (local.set $skip (i32.add (local.get $at) (i32.const 12))))
                  (else
                    (local.set $savedUnits (i32.add (local.get $savedUnits) (i32.const 1)))
                    (local.set $savedBytes (i32.add (local.get $savedBytes) (i32.const 1)))
                    (local.set $overhead (i32.add (local.get $overhead) (i32.const 1)))
                    (local.set $skip (i32.add (local.get $at) (i32.const 4)))))
                (br $next)))
            (local.set $below (i32.sub (i32.shl (i32.const 1) (local.get $bit)) (i32.shl (i32.const 1) (local.get $done))))
            (local.set $cur (i32.add (local.get $cur)
              (i32.sub (i32.add (i32.popcnt (i32.and (local.get $e1) (local.get $below)))
                                (i32.popcnt (i32.and (local.get $e2) (local.get $below))))
                       (i32.popcnt (i32.and (local.get $sur) (local.get $below))))))
            (local.set $saved (i32.popcnt (i32.and (local.get $simple) (local.get $below))))
            (local.set $savedUnits (i32.add (local.get $savedUnits) (local.get $saved)))
            (local.set $savedBytes (i32.add (local.get $savedBytes) (local.get $saved)))
            (local.set $done (local.get $bit))
            (if (local.get $inside)
              (then
                (local.set $raw (i32.sub (i32.shr_u (i32.sub (local.get $at) (local.get $open)) (i32.const 1)) (i32.const 1)))
                (call $record (i32.sub (local.get $raw) (local.get $savedUnits))
                              (i32.sub (i32.add (local.get $raw) (local.get $cur)) (local.get $savedBytes)) (local.get $long))))
            (local.set $inside (i32.eqz (local.get $inside)))
            (local.set $open (local.get $at))
            (local.set $total (i32.add (local.get $total) (local.get $cur)))
            (local.set $cur (i32.const 0))
            (local.set $savedUnits (i32.const 0))
            (local.set $savedBytes (i32.const 0))
            (br $next)))
        (local.set $below (i32.sub (i32.const 0x10000) (i32.shl (i32.const 1) (local.get $done))))
        (local.set $cur (i32.add (local.get $cur)
          (i32.sub (i32.add (i32.popcnt (i32.and (local.get $e1) (local.get $below)))
                            (i32.popcnt (i32.and (local.get $e2) (local.get $below))))
                   (i32.popcnt (i32.and (local.get $sur) (local.get $below))))))
        (local.set $saved (i32.popcnt (i32.and (local.get $simple) (local.get $below))))
        (local.set $savedUnits (i32.add (local.get $savedUnits) (local.get $saved)))
        (local.set $savedBytes (i32.add (local.get $savedBytes) (local.get $saved)))
        (local.set $p (i32.add (local.get $p) (i32.const 32)))
        (br $chunk)))
    (call $finish (i32.add (local.get $units) (i32.add (local.get $total) (local.get $cur))))
    (local.get $overhead))

  ;; The header before the table: entries, flags, the record's UTF-8 bytes.
  (func $finish (param $bytes i32)
    (local $header i32)
    (local.set $header (i32.sub (global.get $table) (i32.const 16)))
    (i32.store (local.get $header) (global.get $count))
    (i32.store offset=4 (local.get $header) (global.get $flags))
    (i32.store offset=8 (local.get $header) (local.get $bytes)))

  ;; A bytes record's text: its UTF-8 (at byte 0, `len` bytes, at most `decode_capacity`) as
  ;; UTF-16 from `decoded`, and the number of units; -1 when the bytes are not well-formed
  ;; UTF-8 (Unicode's table 3-7: no overlong form, no surrogate, nothing past U+10FFFF, no
  ;; truncated sequence), exactly where a fatal TextDecoder throws. ASCII goes sixteen bytes at
  ;; a time; each other character is read on its own. The 32 bytes after the record are zeroed
  ;; first, so a sequence cut short meets a zero, which is no continuation byte.
  (func (export "utf8to16") (param $len i32) (result i32)
    (local $p i32) (local $o i32) (local $v v128) (local $mask i32) (local $k i32)
    (local $b0 i32) (local $b1 i32) (local $b2 i32) (local $b3 i32) (local $cp i32)
    (v128.store (local.get $len) (v128.const i64x2 0 0))
    (v128.store offset=16 (local.get $len) (v128.const i64x2 0 0))
    (local.set $o (global.get $decoded))
    (block $done
      (loop $next
        ;; The ASCII run from here, sixteen bytes at a time (stores may run past its end; the
        ;; next character overwrites them).
        (block $ascii
          (loop $run
            (br_if $ascii (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $len)))
            (local.set $v (v128.load (local.get $p)))
            (v128.store (local.get $o) (i16x8.extend_low_i8x16_u (local.get $v)))
            (v128.store offset=16 (local.get $o) (i16x8.extend_high_i8x16_u (local.get $v)))
            (local.set $mask (i8x16.bitmask (local.get $v)))
            (if (local.get $mask)
              (then
                (local.set $k (i32.ctz (local.get $mask)))
                (local.set $p (i32.add (local.get $p) (local.get $k)))
                (local.set $o (i32.add (local.get $o) (i32.shl (local.get $k) (i32.const 1))))
                (br $ascii)))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $o (i32.add (local.get $o) (i32.const 32)))
            (br $run)))
        (br_if $done (i32.ge_u (local.get $p) (local.get $len)))
        (local.set $b0 (i32.load8_u (local.get $p)))
        (block $char
          (if (i32.lt_u (local.get $b0) (i32.const 0x80))
            (then
              (i32.store16 (local.get $o) (local.get $b0))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (local.set $o (i32.add (local.get $o) (i32.const 2)))
              (br $char)))
          (if (i32.lt_u (local.get $b0) (i32.const 0xc2)) (then (return (i32.const -1))))
          (local.set $b1 (i32.load8_u offset=1 (local.get $p)))
          (if (i32.lt_u (local.get $b0) (i32.const 0xe0))
            (then
              (if (i32.ne (i32.and (local.get $b1) (i32.const 0xc0)) (i32.const 0x80)) (then (return (i32.const -1))))
              (i32.store16 (local.get $o)
                (i32.or (i32.shl (i32.and (local.get $b0) (i32.const 0x1f)) (i32.const 6)) (i32.and (local.get $b1) (i32.const 0x3f))))
              (local.set $p (i32.add (local.get $p) (i32.const 2)))
              (local.set $o (i32.add (local.get $o) (i32.const 2)))
              (br $char)))
          (local.set $b2 (i32.load8_u offset=2 (local.get $p)))
          (if (i32.lt_u (local.get $b0) (i32.const 0xf0))
            (then
              ;; E0: A0..BF (no overlong form); ED: 80..9F (no surrogate); else 80..BF.
              (if (i32.gt_u
                    (i32.sub (local.get $b1)
                      (select (i32.const 0xa0) (i32.const 0x80) (i32.eq (local.get $b0) (i32.const 0xe0))))
                    (select (i32.const 0x1f) (select (i32.const 0x1f) (i32.const 0x3f) (i32.eq (local.get $b0) (i32.const 0xed)))
                      (i32.eq (local.get $b0) (i32.const 0xe0))))
                (then (return (i32.const -1))))
              (if (i32.ne (i32.and (local.get $b2) (i32.const 0xc0)) (i32.const 0x80)) (then (return (i32.const -1))))
              (i32.store16 (local.get $o)
                (i32.or (i32.or (i32.shl (i32.and (local.get $b0) (i32.const 0x0f)) (i32.const 12))
                                (i32.shl (i32.and (local.get $b1) (i32.const 0x3f)) (i32.const 6)))
                        (i32.and (local.get $b2) (i32.const 0x3f))))
              (local.set $p (i32.add (local.get $p) (i32.const 3)))
              (local.set $o (i32.add (local.get $o) (i32.const 2)))
              (br $char)))
          (if (i32.gt_u (local.get $b0) (i32.const 0xf4)) (then (return (i32.const -1))))
          (local.set $b3 (i32.load8_u offset=3 (local.get $p)))
          ;; F0: 90..BF (no overlong form); F4: 80..8F (nothing past U+10FFFF); else 80..BF.
          (if (i32.gt_u
                (i32.sub (local.get $b1)
                  (select (i32.const 0x90) (i32.const 0x80) (i32.eq (local.get $b0) (i32.const 0xf0))))
                (select (i32.const 0x2f) (select (i32.const 0x0f) (i32.const 0x3f) (i32.eq (local.get $b0) (i32.const 0xf4)))
                  (i32.eq (local.get $b0) (i32.const 0xf0))))
            (then (return (i32.const -1))))
          (if (i32.ne (i32.and (i32.or (local.get $b2) (local.get $b3)) (i32.const 0xc0)) (i32.const 0x80)) (then (return (i32.const -1))))
          (if (i32.ne (i32.and (i32.and (local.get $b2) (local.get $b3)) (i32.const 0xc0)) (i32.const 0x80)) (then (return (i32.const -1))))
          (local.set $cp (i32.sub
            (i32.or (i32.or (i32.shl (i32.and (local.get $b0) (i32.const 0x07)) (i32.const 18))
                            (i32.shl (i32.and (local.get $b1) (i32.const 0x3f)) (i32.const 12)))
                    (i32.or (i32.shl (i32.and (local.get $b2) (i32.const 0x3f)) (i32.const 6))
                            (i32.and (local.get $b3) (i32.const 0x3f))))
            (i32.const 0x10000)))
          (i32.store16 (local.get $o) (i32.or (i32.const 0xd800) (i32.shr_u (local.get $cp) (i32.const 10))))
          (i32.store16 offset=2 (local.get $o) (i32.or (i32.const 0xdc00) (i32.and (local.get $cp) (i32.const 0x3ff))))
          (local.set $p (i32.add (local.get $p) (i32.const 4)))
          (local.set $o (i32.add (local.get $o) (i32.const 4))))
        (br $next)))
    (i32.shr_u (i32.sub (local.get $o) (global.get $decoded)) (i32.const 1)))

  ;; A string closed: list it when it is long.
  (func $record (param $units i32) (param $bytes i32) (param $long i32)
    (local $entry i32)
    (if (i32.le_u (local.get $units) (local.get $long)) (then (return)))
    (if (i32.ge_u (global.get $count) (global.get $capacity))
      (then (call $flag (i32.const 4)) (return)))
    (local.set $entry (i32.add (global.get $table) (i32.shl (global.get $count) (i32.const 3))))
    (i32.store (local.get $entry) (local.get $units))
    (i32.store offset=4 (local.get $entry) (local.get $bytes))
    (global.set $count (i32.add (global.get $count) (i32.const 1))))

  ;; The value of the four hex digits after the `\u` at `at`, one every `step` bytes (1 in UTF-8,
  ;; 2 in UTF-16, whose little-endian units hold an ASCII digit in their first byte).
  (func $hex4 (param $at i32) (param $step i32) (result i32)
    (local $value i32) (local $i i32)
    (local.set $i (i32.const 2))
    (loop $digit
      (local.set $value (i32.or (i32.shl (local.get $value) (i32.const 4))
        (call $hex (i32.load8_u (i32.add (local.get $at) (i32.mul (local.get $i) (local.get $step)))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $digit (i32.lt_u (local.get $i) (i32.const 6))))
    (local.get $value))

  (func $hex (param $digit i32) (result i32)
    (local.set $digit (i32.or (local.get $digit) (i32.const 0x20)))
    (select (i32.sub (local.get $digit) (i32.const 0x30)) (i32.sub (local.get $digit) (i32.const 0x57))
      (i32.le_u (local.get $digit) (i32.const 0x39))))

  ;; UTF-8 bytes of a code point below U+D800.
  (func $utf8Bytes (param $unit i32) (result i32)
    (i32.add (i32.const 1)
      (i32.add (i32.ge_u (local.get $unit) (i32.const 0x80)) (i32.ge_u (local.get $unit) (i32.const 0x800)))))

  ;; EF B7 90..AF is U+FDD0..U+FDEF, EF BF BE/BF is U+FFFE/U+FFFF.
  (func $lead3 (param $at i32)
    (local $b1 i32) (local $b2 i32)
    (local.set $b1 (i32.load8_u offset=1 (local.get $at)))
    (local.set $b2 (i32.load8_u offset=2 (local.get $at)))
    (if (i32.and (i32.eq (local.get $b1) (i32.const 0xb7))
                 (i32.lt_u (i32.sub (local.get $b2) (i32.const 0x90)) (i32.const 0x20)))
      (then (call $flag (i32.const 1))))
    (if (i32.and (i32.eq (local.get $b1) (i32.const 0xbf)) (i32.eq (i32.or (local.get $b2) (i32.const 1)) (i32.const 0xbf)))
      (then (call $flag (i32.const 1)))))

  ;; A four-byte character is U+xFFFE or U+xFFFF when its second byte ends in 1111 and its last
  ;; two are BF BE or BF BF.
  (func $lead4 (param $at i32)
    (if (i32.and
          (i32.eq (i32.and (i32.load8_u offset=1 (local.get $at)) (i32.const 0x0f)) (i32.const 0x0f))
          (i32.and
            (i32.eq (i32.load8_u offset=2 (local.get $at)) (i32.const 0xbf))
            (i32.eq (i32.or (i32.load8_u offset=3 (local.get $at)) (i32.const 1)) (i32.const 0xbf))))
      (then (call $flag (i32.const 1)))))

  (func $flag (param $bit i32)
    (global.set $flags (i32.or (global.get $flags) (local.get $bit)))))
