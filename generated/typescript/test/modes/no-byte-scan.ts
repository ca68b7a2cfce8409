/**
 * Preloaded (`node --import`) for a third run of the decoding tests: no record takes the byte
 * scan (byteScan.ts), as where WebAssembly or its SIMD is missing.
 */

import { useByteScan } from "../../dist/runtime/byteScan.js";

useByteScan(false);
