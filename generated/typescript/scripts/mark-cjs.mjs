// The CommonJS build lives under dist/cjs/ inside a `"type": "module"` package: this marker
// makes Node load its .js files, and TypeScript read its .d.ts files, as CommonJS.
import { writeFileSync } from "node:fs";

writeFileSync(new URL("../dist/cjs/package.json", import.meta.url), `${JSON.stringify({ type: "commonjs" })}\n`);
