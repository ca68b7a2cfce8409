/**
 * Preloaded (`node --import`) for a second run of the decoding tests: every record, however
 * short, takes the byte scan's path (byteScan.ts), which by default only records from
 * SCAN_FROM bytes take.
 */

import { byteScanAvailable, useByteScan } from "../../dist/runtime/byteScan.js";

if (!byteScanAvailable()) throw new Error("this Node has no WebAssembly SIMD: the byte scan cannot be tested here");
useByteScan(true, 0);
